; The Windows installer: dist/BeloZ-Setup-<version>.exe, built on Linux by NSIS's makensis
; from the one-folder bundle dist/BeloZ-windows/ (`make installer-windows`, which runs
; tools/windows_installer.py; that script passes the defines below).  Checked under Wine by
; tools/windows_installer_check.py on every CI run (.ci/run).
;
; What it does (docs/windows.md, "The Windows installer"):
;   - installs for the current user only, with no administrator prompt, by default into
;     %LOCALAPPDATA%\Programs\BeloZ (the player may choose another folder; /D= when silent);
;   - the licences beside BeloZ.exe: LICENSE.txt (shown on the licence page) and
;     THIRD-PARTY-NOTICES.txt;
;   - a Start-menu shortcut, BeloZ.lnk, with the game's icon; a desktop shortcut if ticked on
;     the last page (always when silent);
;   - the uninstaller, registered for Apps & features under
;     HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\BeloZ;
;   - one installed copy: an installed BeloZ (found by that key) is named with its version on
;     the first pages and its folder offered; installing there replaces its program files (an
;     upgrade, a reinstall or a downgrade, said as such); installing into another folder
;     uninstalls the old copy first (its own uninstaller, silently), so no second copy is left;
;   - never into the player's data folder (%LOCALAPPDATA%\BeloZ: settings, save, statistics,
;     practice, progress, logs) or a folder inside it: refused with a message (silently: exit
;     code 2); never touches that folder, neither on an upgrade nor on uninstall: it only ever
;     deletes the files it installs (BeloZ.exe, _internal\, the licences, the uninstaller, its
;     shortcuts), then the folders it created when they are empty;
;   - English or French, after Windows' display language, or chosen on a language page when
;     Windows' is neither (remembered for the uninstaller);
;   - /S runs it silently (the desktop shortcut is then made too), /D=folder sets the folder.
;
; Defines (makensis -D...): VERSION (beloz.__version__), VERSION4 (a.b.c.d for the version
; resource), BUNDLE (the bundle folder), OUTFILE, SIZE_KB (the installed size), SIZE_MB (the
; same in MB, one decimal, with a point), ROOT (the repository, for the icon).

; A 64-bit installer (NSIS's amd64-unicode stubs): the game is 64-bit only, and Wine runs it
; without a 32-bit Wine.
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!ifndef VERSION | VERSION4 | BUNDLE | OUTFILE | SIZE_KB | SIZE_MB | ROOT
  !error "build with tools/windows_installer.py (make installer-windows)"
!endif

!define APP "BeloZ"
!define PUBLISHER "The BeloZ authors"
!define EXE "BeloZ.exe"
!define UNINSTALLER "Uninstall BeloZ.exe"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\BeloZ"
; The topmost folder the installer created for the install folder (the folder itself or a
; parent, "" when it was there already): the uninstaller removes the empty ones up to it.
!define CREATED_VALUE "BeloZCreatedFolder"
; The language chosen on the language page, for the uninstaller.
!define LANGUAGE_VALUE "BeloZLanguage"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; An installed BeloZ: its folder is offered (.onInit trims the backslash NSIS adds).
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP} ${VERSION}"
; The space needed is said in the directory page's own sentence (NSIS writes "34.7 Mo" in
; French, with a point).
SpaceTexts none

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
!include "FileFunc.nsh"
!include "WordFunc.nsh"

Var OldDir       ; the installed copy's folder, from the uninstall key ("" when none)
Var OldVersion   ; its DisplayVersion
Var OldCreated   ; the topmost folder its installer created (CREATED_VALUE)
Var Installed    ; the sentence saying which version is installed, and what this setup does
Var WelcomeText
Var DirText
Var RunDir       ; the folder RefuseWhileRunning looks at
Var DesktopWas   ; "1" when a desktop shortcut was there before (an upgrade keeps the choice)

!define MUI_ICON "${ROOT}/assets/icon.ico"
!define MUI_UNICON "${ROOT}/assets/icon.ico"
; The first and last pages' picture, from the game's art (tools/make_installer_art.py).
!define MUI_WELCOMEFINISHPAGE_BITMAP "${ROOT}/installer/wizard.bmp"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "${ROOT}/installer/wizard.bmp"
!define MUI_ABORTWARNING
; The language page, shown only when Windows speaks neither English nor French (.onInit).
!define MUI_LANGDLL_WINDOWTITLE "${APP} ${VERSION}"
!define MUI_LANGDLL_INFO "Choose the language of the setup.$\r$\nChoisissez la langue de l’installation."
!define MUI_LANGDLL_ALLLANGUAGES

!define MUI_WELCOMEPAGE_TEXT "$WelcomeText"
!insertmacro MUI_PAGE_WELCOME
; The licence: MIT, nothing to accept (Next, not "I Agree"), and where the notices of the
; software inside are (THIRD-PARTY-NOTICES.txt, tools/notices.py).
!define MUI_LICENSEPAGE_BUTTON "$(^NextBtn)"
!define MUI_LICENSEPAGE_TEXT_BOTTOM "$(LicenceBottom)"
!insertmacro MUI_PAGE_LICENSE "${BUNDLE}/LICENSE.txt"
; No components page: its one box, the desktop shortcut, is on the last page.
!define MUI_DIRECTORYPAGE_TEXT_TOP "$DirText"
!define MUI_PAGE_CUSTOMFUNCTION_LEAVE DirectoryLeave
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "$(StartGame)"
!define MUI_FINISHPAGE_SHOWREADME ""
!define MUI_FINISHPAGE_SHOWREADME_TEXT "$(DesktopShortcut)"
!define MUI_FINISHPAGE_SHOWREADME_FUNCTION DesktopShortcut
!define MUI_PAGE_CUSTOMFUNCTION_SHOW FinishShow
!define MUI_PAGE_CUSTOMFUNCTION_LEAVE FinishLeave
!insertmacro MUI_PAGE_FINISH

!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(DataKept)"
!define MUI_UNCONFIRMPAGE_TEXT_LOCATION "$(UninstallFrom)"
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; The last page says what was kept, and where.
!define MUI_FINISHPAGE_TEXT "$(DataKeptDone)"
!insertmacro MUI_UNPAGE_FINISH

; The first language is the one used when Windows' is neither and no language was chosen.
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

!macro Helpers UN
  ; $R0 without its trailing backslashes (a drive's root keeps its own); as a full path (no
  ; "..") when it exists (GetFullPathName gives "" otherwise).
  Function ${UN}Normalize
    ClearErrors
    GetFullPathName $R7 $R0
    ${If} $R7 != ""
      StrCpy $R0 $R7
    ${EndIf}
    ${Do}
      StrLen $R8 $R0
      StrCpy $R9 $R0 1 -1
      ${If} $R9 != "\"
      ${OrIf} $R8 <= 3
        ${Break}
      ${EndIf}
      StrCpy $R0 $R0 -1
    ${Loop}
  FunctionEnd

  ; $R2 = "1" when the folder $R0 is $R1 or inside it (both normalized; case-insensitive).
  Function ${UN}IsInside
    StrCpy $R2 "0"
    StrLen $R8 $R1
    StrCpy $R9 $R0 $R8
    ${If} $R1 != ""
    ${AndIf} $R9 == $R1
      StrCpy $R9 $R0 1 $R8
      ${If} $R9 == ""
      ${OrIf} $R9 == "\"
        StrCpy $R2 "1"
      ${EndIf}
    ${EndIf}
  FunctionEnd

  ; The install folder $R0 (emptied of BeloZ) removed if empty, and each parent up to $R1 (the
  ; topmost folder the installer created for it) removed if empty; the first one that holds
  ; anything stops the walk.  Never a folder above $R1, never one holding a file.
  Function ${UN}RemoveCreatedFolders
    RMDir $R0  ; only when empty
    ${If} $R1 == ""
      Return
    ${EndIf}
    Call ${UN}IsInside
    ${If} $R2 != "1"
      Return
    ${EndIf}
    StrCpy $R3 $R0
    ${Do}
      ${If} ${FileExists} "$R3\*.*"
        ClearErrors
        RMDir $R3
        ${If} ${Errors}
          Return
        ${EndIf}
      ${EndIf}
      ${If} $R3 == $R1
        Return
      ${EndIf}
      ${GetParent} $R3 $R3
      StrLen $R8 $R3
      StrLen $R9 $R1
      ${If} $R8 < $R9
        Return
      ${EndIf}
    ${Loop}
  FunctionEnd

  ; BeloZ running from $RunDir holds BeloZ.exe and the DLLs of _internal\ open: replacing or
  ; deleting them then would leave half a game.  A running BeloZ.exe cannot be opened for
  ; writing (Windows, and Wine, refuse it: a sharing violation), so the player is asked to
  ; close it and try again; a silent run gives up (exit code 2) and leaves everything as it
  ; was.  The box's buttons are Windows' own (their words follow Windows' language, not the
  ; setup's), so the message names what they do, not what they read.
  Function ${UN}RefuseWhileRunning
    ${Do}
      ${IfNot} ${FileExists} "$RunDir\${EXE}"
        Return
      ${EndIf}
      ClearErrors
      FileOpen $0 "$RunDir\${EXE}" a
      ${IfNot} ${Errors}
        FileClose $0
        Return
      ${EndIf}
      MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(GameRunning)" /SD IDCANCEL IDRETRY again
      !if "${UN}" == "un."
        DetailPrint "$(UnStoppedRunning)"
        Abort "$(UnStoppedRunning)"
      !else
        DetailPrint "$(StoppedRunning)"
        Abort "$(StoppedRunning)"
      !endif
      again:
    ${Loop}
  FunctionEnd

  ; Windows' display language (its primary language id): 9 English, 12 French.
  Function ${UN}WindowsLanguage
    System::Call 'kernel32::GetUserDefaultUILanguage() i .R0'
    IntOp $R0 $R0 & 0x3FF
  FunctionEnd
!macroend
!insertmacro Helpers ""
!insertmacro Helpers "un."

Function .onInit
  SetShellVarContext current
  ; The language page when Windows speaks neither of the setup's languages.
  ${IfNot} ${Silent}
    Call WindowsLanguage
    ${If} $R0 <> 0x09
    ${AndIf} $R0 <> 0x0C
      !insertmacro MUI_LANGDLL_DISPLAY
    ${EndIf}
  ${EndIf}

  ; NSIS adds a backslash to the folder it reads from the key; /D= may have one too.
  StrCpy $R0 $INSTDIR
  Call Normalize
  StrCpy $INSTDIR $R0

  ; An installed copy: its folder, version and what this setup does to it.
  ReadRegStr $OldDir HKCU "${UNINST_KEY}" "InstallLocation"
  ReadRegStr $OldVersion HKCU "${UNINST_KEY}" "DisplayVersion"
  ReadRegStr $OldCreated HKCU "${UNINST_KEY}" "${CREATED_VALUE}"
  ${If} $OldDir != ""
    StrCpy $R0 $OldDir
    Call Normalize
    StrCpy $OldDir $R0
    ${If} $OldVersion == ""
      StrCpy $Installed "$(InstalledUnknown)"
    ${Else}
      ${VersionCompare} "$OldVersion" "${VERSION}" $R0
      ${If} $R0 == 0
        StrCpy $Installed "$(InstalledSame)"
      ${ElseIf} $R0 == 1
        StrCpy $Installed "$(InstalledNewer)"
      ${Else}
        StrCpy $Installed "$(InstalledOlder)"
      ${EndIf}
    ${EndIf}
    StrCpy $WelcomeText "$(WelcomeInstalled)"
    StrCpy $DirText "$(DirInstalled)"
    StrCpy $DesktopWas "0"
    ${If} ${FileExists} "$DESKTOP\${APP}.lnk"
      StrCpy $DesktopWas "1"
    ${EndIf}
  ${Else}
    StrCpy $WelcomeText "$(WelcomeFresh)"
    StrCpy $DirText "$(DirFresh)"
    StrCpy $DesktopWas "1"
  ${EndIf}

  ; /D= into the data folder, silently: refused before anything is done (exit code 2).
  ${If} ${Silent}
    Call RefuseDataFolder
  ${EndIf}
FunctionEnd

; The player's data folder, or a folder inside it, as the install folder: refused (Browse →
; Local gives %LOCALAPPDATA%\BeloZ, NSIS adding the default folder's name).
Function RefuseDataFolder
  StrCpy $R0 $INSTDIR
  Call Normalize
  StrCpy $R1 "$LOCALAPPDATA\${APP}"
  Call IsInside
  ${If} $R2 == "1"
    MessageBox MB_OK|MB_ICONEXCLAMATION "$(DataFolderRefused)" /SD IDOK
    Abort
  ${EndIf}
FunctionEnd

Function DirectoryLeave
  StrCpy $R0 $INSTDIR
  Call Normalize
  StrCpy $INSTDIR $R0
  Call RefuseDataFolder
FunctionEnd

Function FinishShow
  ${If} $DesktopWas != "1"
    ${NSD_Uncheck} $mui.FinishPage.ShowReadme
  ${EndIf}
FunctionEnd

Function DesktopShortcut
  SetShellVarContext current
  CreateShortcut "$DESKTOP\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0 \
    SW_SHOWNORMAL "" "$(ShortcutComment)"
FunctionEnd

Function FinishLeave
  ; Unticked: no desktop shortcut (an upgrade's old one goes too).
  ${NSD_GetState} $mui.FinishPage.ShowReadme $0
  ${If} $0 == ${BST_UNCHECKED}
    Delete "$DESKTOP\${APP}.lnk"
  ${EndIf}
FunctionEnd

Section "BeloZ" SecGame
  SectionIn RO
  SetShellVarContext current
  Call RefuseDataFolder
  StrCpy $RunDir $INSTDIR
  Call RefuseWhileRunning

  ; Another folder than the installed copy's: that copy is uninstalled first, by its own
  ; uninstaller (silently, in place with _?= so that its exit code is the uninstall's), then
  ; its uninstaller and the folders its installer created, when empty.
  StrCpy $R0 $INSTDIR
  Call Normalize
  StrCpy $R5 $R0
  ${If} $OldDir != ""
  ${AndIf} $OldDir != $R5
  ${AndIf} ${FileExists} "$OldDir\${UNINSTALLER}"
    StrCpy $RunDir $OldDir
    Call RefuseWhileRunning
    DetailPrint "$(RemovingOld)"
    ClearErrors
    ExecWait '"$OldDir\${UNINSTALLER}" /S _?=$OldDir' $0
    ${If} ${Errors}
    ${OrIf} $0 != 0
      MessageBox MB_OK|MB_ICONEXCLAMATION "$(OldNotRemoved)" /SD IDOK
      DetailPrint "$(OldNotRemoved)"
      Abort "$(OldNotRemoved)"
    ${EndIf}
    Delete "$OldDir\${UNINSTALLER}"
    StrCpy $R0 $OldDir
    StrCpy $R1 $OldCreated
    Call RemoveCreatedFolders
    StrCpy $OldCreated ""
  ${EndIf}

  ; The folders this install creates: the install folder and the parents not there yet.  An
  ; upgrade in place keeps what the first install recorded.
  StrCpy $R6 ""
  StrCpy $R3 $R5
  ${Do}
    ${If} ${FileExists} "$R3\*.*"
      ${Break}
    ${EndIf}
    StrCpy $R6 $R3
    ${GetParent} $R3 $R3
  ${LoopUntil} $R3 == ""
  ${If} $R6 == ""
  ${AndIf} $OldDir == $R5
    StrCpy $R6 $OldCreated
  ${EndIf}

  SetOutPath "$INSTDIR"
  !insertmacro RemoveProgramFiles
  File "${BUNDLE}/${EXE}"
  File /r "${BUNDLE}/_internal"
  File "${BUNDLE}/LICENSE.txt"
  File "${BUNDLE}/THIRD-PARTY-NOTICES.txt"
  WriteUninstaller "$INSTDIR\${UNINSTALLER}"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0 \
    SW_SHOWNORMAL "" "$(ShortcutComment)"
  ${If} ${Silent}
    Call DesktopShortcut
  ${EndIf}
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\${UNINSTALLER}"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\${UNINSTALLER}" /S'
  WriteRegStr HKCU "${UNINST_KEY}" "${CREATED_VALUE}" "$R6"
  WriteRegStr HKCU "${UNINST_KEY}" "${LANGUAGE_VALUE}" "$LANGUAGE"
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" ${SIZE_KB}
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
SectionEnd

Function un.onInit
  SetShellVarContext current
  ; The language chosen at install time, when Windows speaks neither English nor French.
  Call un.WindowsLanguage
  ${If} $R0 <> 0x09
  ${AndIf} $R0 <> 0x0C
    ReadRegStr $R0 HKCU "${UNINST_KEY}" "${LANGUAGE_VALUE}"
    ${If} $R0 != ""
      StrCpy $LANGUAGE $R0
    ${EndIf}
  ${EndIf}
  StrCpy $R0 $INSTDIR
  Call un.Normalize
  StrCpy $INSTDIR $R0
FunctionEnd

Section "Uninstall"
  SetShellVarContext current
  StrCpy $RunDir $INSTDIR
  Call un.RefuseWhileRunning
  ; The key and the shortcuts are this copy's only when the key names this folder (or is
  ; gone): another copy's stay.
  ReadRegStr $R0 HKCU "${UNINST_KEY}" "InstallLocation"
  ReadRegStr $R1 HKCU "${UNINST_KEY}" "${CREATED_VALUE}"
  ${If} $R0 != ""
    Call un.Normalize
  ${EndIf}
  StrCpy $R4 "0"
  ${If} $R0 == ""
  ${OrIf} $R0 == $INSTDIR
    StrCpy $R4 "1"
  ${Else}
    StrCpy $R1 ""
  ${EndIf}
  !insertmacro RemoveProgramFiles
  Delete "$INSTDIR\${UNINSTALLER}"
  StrCpy $R0 $INSTDIR
  Call un.RemoveCreatedFolders
  ${If} $R4 == "1"
    Delete "$SMPROGRAMS\${APP}.lnk"
    Delete "$DESKTOP\${APP}.lnk"
    DeleteRegKey HKCU "${UNINST_KEY}"
  ${EndIf}
SectionEnd
