; The Windows installer: dist/BeloZ-Setup-<version>.exe, built on Linux by NSIS's makensis
; from the one-folder bundle dist/BeloZ-windows/ (`make installer-windows`, which runs
; tools/windows_installer.py; that script passes the defines below).  Checked under Wine by
; tools/windows_installer_check.py on every CI run (.ci/run).
;
; What it does (docs/packaging.md, "The Windows installer"):
;   - installs for the current user only, with no administrator prompt, by default into
;     %LOCALAPPDATA%\Programs\BeloZ (the player may choose another folder; /D= when silent);
;   - the licences beside BeloZ.exe: LICENSE.txt (shown on the licence page) and
;     THIRD-PARTY-NOTICES.txt;
;   - a Start-menu shortcut, BeloZ.lnk, with the game's icon; a desktop shortcut if chosen;
;   - the uninstaller, registered for Apps & features under
;     HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\BeloZ;
;   - over an installed BeloZ (an upgrade): the same folder, the old program files replaced;
;   - never the player's data folder (%LOCALAPPDATA%\BeloZ: settings, save, statistics,
;     practice, progress, logs), neither on an upgrade nor on uninstall: it only ever
;     deletes the files it installs (BeloZ.exe, _internal\, the uninstaller, its shortcuts);
;   - English or French, after Windows' display language (NSIS picks it by itself);
;   - /S runs it silently (the desktop shortcut is then made too), /D=folder sets the folder.
;
; Defines (makensis -D...): VERSION (beloz.__version__), VERSION4 (a.b.c.d for the version
; resource), BUNDLE (the bundle folder), OUTFILE, SIZE_KB (the installed size), ROOT (the
; repository, for the icon).

; A 64-bit installer (NSIS's amd64-unicode stubs): the game is 64-bit only, and Wine runs it
; without a 32-bit Wine.
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!ifndef VERSION | VERSION4 | BUNDLE | OUTFILE | SIZE_KB | ROOT
  !error "build with tools/windows_installer.py (make installer-windows)"
!endif

!define APP "BeloZ"
!define PUBLISHER "The BeloZ authors"
!define EXE "BeloZ.exe"
!define UNINSTALLER "Uninstall BeloZ.exe"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\BeloZ"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; An installed BeloZ: install over it, where it is.
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP} ${VERSION}"

VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} ${VERSION} Setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence, the BeloZ authors"

!include "MUI2.nsh"
!include "LogicLib.nsh"

!define MUI_ICON "${ROOT}/assets/icon.ico"
!define MUI_UNICON "${ROOT}/assets/icon.ico"
; The first and last pages' picture, from the game's art (tools/make_installer_art.py).
!define MUI_WELCOMEFINISHPAGE_BITMAP "${ROOT}/installer/wizard.bmp"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC

!define MUI_WELCOMEPAGE_TEXT "$(WelcomeText)"
!insertmacro MUI_PAGE_WELCOME
; The licence: MIT, nothing to accept (Next, not "I Agree"), and where the notices of the
; software inside are (THIRD-PARTY-NOTICES.txt, tools/notices.py).
!define MUI_LICENSEPAGE_BUTTON "$(^NextBtn)"
!define MUI_LICENSEPAGE_TEXT_BOTTOM "$(LicenceBottom)"
!insertmacro MUI_PAGE_LICENSE "${BUNDLE}/LICENSE.txt"
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "$(StartGame)"
!insertmacro MUI_PAGE_FINISH

!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(DataKept)"
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the one used when Windows' is neither.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "French"
!include "strings.nsh"

; The program files this installer puts in $INSTDIR, deleted before an upgrade copies the new
; ones (so no file of an older version stays) and by the uninstaller: the bundle's own top
; level only, never the folder as a whole (the player may have chosen a folder holding other
; things).
!macro RemoveProgramFiles
  Delete "$INSTDIR\${EXE}"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\THIRD-PARTY-NOTICES.txt"
!macroend

; BeloZ running from $INSTDIR holds BeloZ.exe and the DLLs of _internal\ open: replacing or
; deleting them then would leave half a game.  A running BeloZ.exe cannot be opened for
; writing (Windows, and Wine, refuse it: a sharing violation), so the player is asked to close
; it and try again; a silent run gives up (exit code 2) and leaves everything as it was.
!macro RefuseWhileRunning UN
  Function ${UN}RefuseWhileRunning
    ${Do}
      ${IfNot} ${FileExists} "$INSTDIR\${EXE}"
        Return
      ${EndIf}
      ClearErrors
      FileOpen $0 "$INSTDIR\${EXE}" a
      ${IfNot} ${Errors}
        FileClose $0
        Return
      ${EndIf}
      MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(GameRunning)" /SD IDCANCEL IDRETRY again
      DetailPrint "$(GameRunning)"
      Abort "$(GameRunning)"
      again:
    ${Loop}
  FunctionEnd
!macroend
!insertmacro RefuseWhileRunning ""
!insertmacro RefuseWhileRunning "un."

Section "BeloZ" SecGame
  SectionIn RO
  SetShellVarContext current
  Call RefuseWhileRunning
  SetOutPath "$INSTDIR"
  !insertmacro RemoveProgramFiles
  File "${BUNDLE}/${EXE}"
  File /r "${BUNDLE}/_internal"
  File "${BUNDLE}/LICENSE.txt"
  File "${BUNDLE}/THIRD-PARTY-NOTICES.txt"
  WriteUninstaller "$INSTDIR\${UNINSTALLER}"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0 \
    SW_SHOWNORMAL "" "$(ShortcutComment)"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\${UNINSTALLER}"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\${UNINSTALLER}" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" ${SIZE_KB}
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
SectionEnd

Section "$(DesktopShortcut)" SecDesktop
  SetShellVarContext current
  CreateShortcut "$DESKTOP\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0 \
    SW_SHOWNORMAL "" "$(ShortcutComment)"
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Call un.RefuseWhileRunning
  !insertmacro RemoveProgramFiles
  Delete "$INSTDIR\${UNINSTALLER}"
  RMDir "$INSTDIR"  ; only when empty
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  DeleteRegKey HKCU "${UNINST_KEY}"
  DetailPrint "$(DataKept)"
SectionEnd
