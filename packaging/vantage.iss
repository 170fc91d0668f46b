; Inno Setup script for a Windows installer of the Vantage bundle (per-user, no administrator
; rights needed: it installs into %LOCALAPPDATA%\Programs\Vantage unless the user asks for all
; users). Built by the release workflow after packaging/build.py:
;
;   iscc /DAppVersion=0.1.0 /DBundleDir=<folder with vantage.exe> /DOutputDir=<folder> packaging\vantage.iss
;
; The zip stays the main Windows download; this is the convenient alternative.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef BundleDir
  #error Pass /DBundleDir= with the folder that holds vantage.exe
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif

[Setup]
AppId={{6F1C2B9E-3D4A-4E7B-9C61-5B0A7D2E8F14}
AppName=Vantage
AppVersion={#AppVersion}
AppVerName=Vantage {#AppVersion}
AppPublisher=Vantage contributors
DefaultDirName={autopf}\Vantage
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=vantage-{#AppVersion}-windows-setup
SetupIconFile=..\assets\icons\vantage.ico
UninstallDisplayIcon={app}\vantage.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Vantage"; Filename: "{app}\vantage.exe"
Name: "{autodesktop}\Vantage"; Filename: "{app}\vantage.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\vantage.exe"; Description: "{cm:LaunchProgram,Vantage}"; Flags: nowait postinstall skipifsilent
