; The installer's own sentences, in English and French (NSIS's MUI language files give the
; rest).  Included by BeloZ.nsi after its MUI_LANGUAGE lines; UTF-8 (makensis -INPUTCHARSET
; UTF8).  $LOCALAPPDATA\BeloZ is the game's data folder (platformdirs' user data dir on
; Windows, beloz/storage.py).  A sentence that names a button names it as the page shows it
; (NSIS's own buttons: Next/Suivant, Browse/Parcourir, Install/Installer, Finish/Fermer); the
; "game running" box has Windows' buttons, whose words follow Windows' language, so it says
; what to do (try again, cancel) rather than a button's name.  French writes 34,7 Mo.

!searchreplace SIZE_MB_FR "${SIZE_MB}" "." ","

LangString WelcomeFresh ${LANG_ENGLISH} "This will install BeloZ ${VERSION}, belote with savanna-animal cards, for you only: no administrator rights are needed.$\r$\n$\r$\nYour settings, saved match, statistics, practice and progress will be kept in $LOCALAPPDATA\BeloZ, apart from the game.$\r$\n$\r$\nClick Next to continue."
LangString WelcomeFresh ${LANG_FRENCH} "BeloZ ${VERSION}, la belote aux cartes d’animaux de la savane, va être installé pour vous seul : aucun droit d’administrateur n’est nécessaire.$\r$\n$\r$\nVos réglages, votre partie enregistrée, vos statistiques, vos exercices et vos progrès seront gardés dans $LOCALAPPDATA\BeloZ, à part du jeu.$\r$\n$\r$\nCliquez sur Suivant pour continuer."

LangString WelcomeInstalled ${LANG_ENGLISH} "This will install BeloZ ${VERSION}, belote with savanna-animal cards, for you only: no administrator rights are needed.$\r$\n$\r$\n$Installed$\r$\n$\r$\nYour settings, saved match, statistics, practice and progress stay where they are ($LOCALAPPDATA\BeloZ).$\r$\n$\r$\nClick Next to continue."
LangString WelcomeInstalled ${LANG_FRENCH} "BeloZ ${VERSION}, la belote aux cartes d’animaux de la savane, va être installé pour vous seul : aucun droit d’administrateur n’est nécessaire.$\r$\n$\r$\n$Installed$\r$\n$\r$\nVos réglages, votre partie enregistrée, vos statistiques, vos exercices et vos progrès restent où ils sont ($LOCALAPPDATA\BeloZ).$\r$\n$\r$\nCliquez sur Suivant pour continuer."

; Which BeloZ is installed ($OldVersion in $OldDir, from the uninstall key) and what this
; setup does to it.
LangString InstalledOlder ${LANG_ENGLISH} "BeloZ $OldVersion is installed in $OldDir. This setup updates it to ${VERSION}."
LangString InstalledOlder ${LANG_FRENCH} "BeloZ $OldVersion est installé dans $OldDir. Cette installation le met à jour en ${VERSION}."
LangString InstalledSame ${LANG_ENGLISH} "BeloZ ${VERSION}, this same version, is already installed in $OldDir. This setup installs it again."
LangString InstalledSame ${LANG_FRENCH} "BeloZ ${VERSION}, cette même version, est déjà installé dans $OldDir. Cette installation le réinstalle."
LangString InstalledNewer ${LANG_ENGLISH} "A newer BeloZ, $OldVersion, is installed in $OldDir. This setup replaces it with the older ${VERSION}."
LangString InstalledNewer ${LANG_FRENCH} "Une version plus récente de BeloZ, la $OldVersion, est installée dans $OldDir. Cette installation la remplace par la ${VERSION}, plus ancienne."
LangString InstalledUnknown ${LANG_ENGLISH} "BeloZ is installed in $OldDir. This setup replaces it with ${VERSION}."
LangString InstalledUnknown ${LANG_FRENCH} "BeloZ est installé dans $OldDir. Cette installation le remplace par la version ${VERSION}."

LangString DirFresh ${LANG_ENGLISH} "BeloZ ${VERSION} will be installed in this folder; it takes ${SIZE_MB} MB. To install it in another folder, click Browse and choose one. Click Install to start."
LangString DirFresh ${LANG_FRENCH} "BeloZ ${VERSION} va être installé dans ce dossier ; il occupe ${SIZE_MB_FR} Mo. Pour l’installer ailleurs, cliquez sur Parcourir et choisissez un dossier. Cliquez sur Installer pour commencer."
LangString DirInstalled ${LANG_ENGLISH} "$Installed Click Install to keep it in this folder (${SIZE_MB} MB). If you choose another folder, the copy in $OldDir is uninstalled first."
LangString DirInstalled ${LANG_FRENCH} "$Installed Cliquez sur Installer pour le garder dans ce dossier (${SIZE_MB_FR} Mo). Si vous choisissez un autre dossier, la copie de $OldDir est d’abord désinstallée."

LangString DataFolderRefused ${LANG_ENGLISH} "$INSTDIR is BeloZ's data folder (or inside it), where your settings, saved match and statistics are kept: the game cannot be installed there.$\r$\n$\r$\nChoose another folder, such as $LOCALAPPDATA\Programs\BeloZ."
LangString DataFolderRefused ${LANG_FRENCH} "$INSTDIR est le dossier des données de BeloZ (ou se trouve dedans) : vos réglages, votre partie enregistrée et vos statistiques y sont gardés, le jeu ne peut pas y être installé.$\r$\n$\r$\nChoisissez un autre dossier, par exemple $LOCALAPPDATA\Programs\BeloZ."

LangString RemovingOld ${LANG_ENGLISH} "Uninstalling the copy in $OldDir"
LangString RemovingOld ${LANG_FRENCH} "Désinstallation de la copie de $OldDir"
LangString OldNotRemoved ${LANG_ENGLISH} "The BeloZ in $OldDir could not be uninstalled: nothing was installed."
LangString OldNotRemoved ${LANG_FRENCH} "Le BeloZ de $OldDir n’a pas pu être désinstallé : rien n’a été installé."

LangString DesktopShortcut ${LANG_ENGLISH} "Desktop shortcut"
LangString DesktopShortcut ${LANG_FRENCH} "Raccourci sur le bureau"

LangString StartGame ${LANG_ENGLISH} "Start BeloZ"
LangString StartGame ${LANG_FRENCH} "Lancer BeloZ"

LangString ShortcutComment ${LANG_ENGLISH} "Belote with savanna-animal cards"
LangString ShortcutComment ${LANG_FRENCH} "La belote aux cartes d’animaux de la savane"

LangString UninstallFrom ${LANG_ENGLISH} "Folder:"
LangString UninstallFrom ${LANG_FRENCH} "Dossier :"

; The uninstaller's first page (before) and last page (after).
LangString DataKept ${LANG_ENGLISH} "BeloZ will be removed from this computer. Your settings, saved match, statistics, practice and progress are kept in $LOCALAPPDATA\BeloZ; delete that folder yourself if you want them gone."
LangString DataKept ${LANG_FRENCH} "BeloZ va être désinstallé de cet ordinateur. Vos réglages, votre partie enregistrée, vos statistiques, vos exercices et vos progrès sont gardés dans $LOCALAPPDATA\BeloZ ; supprimez vous-même ce dossier si vous voulez les effacer."
LangString DataKeptDone ${LANG_ENGLISH} "BeloZ has been removed from this computer.$\r$\n$\r$\nYour settings, saved match, statistics, practice and progress were kept, in $LOCALAPPDATA\BeloZ: a BeloZ installed again finds them there. Delete that folder yourself if you want them gone.$\r$\n$\r$\nClick Finish to close this wizard."
LangString DataKeptDone ${LANG_FRENCH} "BeloZ a été désinstallé de cet ordinateur.$\r$\n$\r$\nVos réglages, votre partie enregistrée, vos statistiques, vos exercices et vos progrès ont été gardés, dans $LOCALAPPDATA\BeloZ : un BeloZ réinstallé les y retrouve. Supprimez vous-même ce dossier si vous voulez les effacer.$\r$\n$\r$\nCliquez sur Fermer pour quitter l’assistant."

LangString GameRunning ${LANG_ENGLISH} "BeloZ is open. Close it (your match is saved) and try again, or cancel: nothing is changed."
LangString GameRunning ${LANG_FRENCH} "BeloZ est ouvert. Fermez-le (votre partie est enregistrée) et réessayez, ou annulez : rien n’est changé."
; After Cancel in that box: the interrupted page's status line (one line, with what to do).
LangString StoppedRunning ${LANG_ENGLISH} "BeloZ was open: nothing was changed. Close it, then run this setup again."
LangString StoppedRunning ${LANG_FRENCH} "BeloZ était ouvert : rien n’a été changé. Fermez-le, puis relancez l’installation."
LangString UnStoppedRunning ${LANG_ENGLISH} "BeloZ was open: nothing was removed. Close it, then uninstall it again."
LangString UnStoppedRunning ${LANG_FRENCH} "BeloZ était ouvert : rien n’a été supprimé. Fermez-le, puis désinstallez-le."

LangString LicenceBottom ${LANG_ENGLISH} "BeloZ is free software under this MIT licence. The software it includes (Python, pygame-ce, SDL and others) comes under its own licences, listed in THIRD-PARTY-NOTICES.txt beside BeloZ.exe. Click Next to continue."
LangString LicenceBottom ${LANG_FRENCH} "BeloZ est un logiciel libre sous cette licence MIT. Les logiciels qu’il contient (Python, pygame-ce, SDL et d’autres) ont leurs propres licences, listées dans THIRD-PARTY-NOTICES.txt à côté de BeloZ.exe. Cliquez sur Suivant pour continuer."
