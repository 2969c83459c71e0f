; The installer's own sentences, in English and French (NSIS's MUI language files give the
; rest).  Included by BeloZ.nsi after its MUI_LANGUAGE lines; UTF-8 (makensis -INPUTCHARSET
; UTF8).  $LOCALAPPDATA\BeloZ is the game's data folder (platformdirs' user data dir on
; Windows, beloz/storage.py).

LangString WelcomeText ${LANG_ENGLISH} "This will install BeloZ ${VERSION}, belote with savanna-animal cards, for you only: no administrator rights are needed.$\r$\n$\r$\nIf BeloZ is already installed, it is updated in place. Your settings, saved match, statistics, practice and progress stay where they are ($LOCALAPPDATA\BeloZ).$\r$\n$\r$\nClick Next to continue."
LangString WelcomeText ${LANG_FRENCH} "BeloZ ${VERSION}, la belote aux cartes d’animaux de la savane, va être installé pour vous seul : aucun droit d’administrateur n’est nécessaire.$\r$\n$\r$\nSi BeloZ est déjà installé, il est mis à jour sur place. Vos réglages, votre partie enregistrée, vos statistiques, vos exercices et vos progrès restent où ils sont ($LOCALAPPDATA\BeloZ).$\r$\n$\r$\nCliquez sur Suivant pour continuer."

LangString DesktopShortcut ${LANG_ENGLISH} "Desktop shortcut"
LangString DesktopShortcut ${LANG_FRENCH} "Raccourci sur le bureau"

LangString StartGame ${LANG_ENGLISH} "Start BeloZ"
LangString StartGame ${LANG_FRENCH} "Lancer BeloZ"

LangString ShortcutComment ${LANG_ENGLISH} "Belote with savanna-animal cards"
LangString ShortcutComment ${LANG_FRENCH} "La belote aux cartes d’animaux de la savane"

LangString DataKept ${LANG_ENGLISH} "BeloZ will be removed from this computer. Your settings, saved match, statistics, practice and progress are kept in $LOCALAPPDATA\BeloZ; delete that folder yourself if you want them gone."
LangString DataKept ${LANG_FRENCH} "BeloZ va être désinstallé de cet ordinateur. Vos réglages, votre partie enregistrée, vos statistiques, vos exercices et vos progrès sont gardés dans $LOCALAPPDATA\BeloZ ; supprimez vous-même ce dossier si vous voulez les effacer."

LangString GameRunning ${LANG_ENGLISH} "BeloZ is running. Close it (your match is saved), then click Retry."
LangString GameRunning ${LANG_FRENCH} "BeloZ est ouvert. Fermez-le (votre partie est enregistrée), puis cliquez sur Réessayer."

LangString LicenceBottom ${LANG_ENGLISH} "BeloZ is free software under this MIT licence. The software it includes (Python, pygame-ce, SDL and others) comes under its own licences, listed in THIRD-PARTY-NOTICES.txt beside BeloZ.exe. Click Next to continue."
LangString LicenceBottom ${LANG_FRENCH} "BeloZ est un logiciel libre sous cette licence MIT. Les logiciels qu’il contient (Python, pygame-ce, SDL et d’autres) ont leurs propres licences, listées dans THIRD-PARTY-NOTICES.txt à côté de BeloZ.exe. Cliquez sur Suivant pour continuer."
