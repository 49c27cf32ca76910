; Inno Setup script for the Windows installer of the PyInstaller bundle in dist\keigo.
#define AppVersion "0.1.0"
[Setup]
AppName=Keigo
AppVersion={#AppVersion}
DefaultDirName={autopf}\Keigo
DefaultGroupName=Keigo
OutputBaseFilename=keigo-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
PrivilegesRequired=lowest
[Files]
Source: "..\dist\keigo\*"; DestDir: "{app}"; Flags: recursesubdirs
[Icons]
Name: "{group}\Keigo"; Filename: "{app}\keigo.exe"
[Run]
Filename: "{app}\keigo.exe"; Parameters: "--self-test"; Flags: runhidden waituntilterminated; StatusMsg: "Checking the installation..."
