; Inno Setup 6 script for the Windows installer of the PyInstaller bundle dist\keigo (packaging/build.sh under
; Git Bash, or: pyinstaller packaging\keigo.spec --noconfirm --distpath dist --workpath build\pyinstaller).
; Build: iscc packaging\keigo.iss   ->   dist\keigo-VERSION-setup.exe
; Installs keigow.exe (the app, Start menu / desktop shortcut) and keigo.exe (the console command), adds the
; install folder to the user's (or, installed for all users, the machine's) PATH when the "addtopath" task is
; chosen (unattended: /TASKS=addtopath), and after copying runs `keigo.exe --self-test`: a failed self-test
; is shown (the output is kept in {app}\self-test.log) and makes Setup exit with code 10.
#define AppVersion "0.1.0"
[Setup]
AppId={{6C9C8B1E-5E0B-4E38-9F0A-4B6B1D7E2A51}
AppName=Keigo
AppVersion={#AppVersion}
AppPublisher=Keigo developers
DefaultDirName={autopf}\Keigo
DefaultGroupName=Keigo
OutputDir=..\dist
OutputBaseFilename=keigo-{#AppVersion}-setup
SetupIconFile=..\assets\icons\keigo.ico
UninstallDisplayIcon={app}\keigow.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesEnvironment=yes

[Tasks]
Name: "addtopath"; Description: "Add the keigo command to PATH (keigo score / rewrite in a terminal)"; Flags: unchecked
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\dist\keigo\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Keigo"; Filename: "{app}\keigow.exe"
Name: "{group}\Uninstall Keigo"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Keigo"; Filename: "{app}\keigow.exe"; Tasks: desktopicon

[UninstallDelete]
Type: files; Name: "{app}\self-test.log"

[Code]
const
  UserEnvKey = 'Environment';
  MachineEnvKey = 'SYSTEM\CurrentControlSet\Control\Session Manager\Environment';
var
  SelfTestFailed: Boolean;

function EnvRoot: Integer;
begin
  if IsAdminInstallMode then Result := HKEY_LOCAL_MACHINE else Result := HKEY_CURRENT_USER;
end;

function EnvKey: String;
begin
  if IsAdminInstallMode then Result := MachineEnvKey else Result := UserEnvKey;
end;

{ Index of Dir in the ';'-separated Path (case-insensitive, trailing backslash ignored), or 0. }
function PathIndex(Path, Dir: String): Integer;
begin
  Result := Pos(';' + Uppercase(RemoveBackslashUnlessRoot(Dir)) + ';', ';' + Uppercase(Path) + ';');
end;

procedure AddToPath(Dir: String);
var
  Path: String;
begin
  if not RegQueryStringValue(EnvRoot, EnvKey, 'Path', Path) then Path := '';
  if PathIndex(Path, Dir) > 0 then exit;
  if (Path <> '') and (Path[Length(Path)] <> ';') then Path := Path + ';';
  RegWriteExpandStringValue(EnvRoot, EnvKey, 'Path', Path + RemoveBackslashUnlessRoot(Dir));
end;

procedure RemoveFromPath(Dir: String);
var
  Path: String;
  P: Integer;
begin
  if not RegQueryStringValue(EnvRoot, EnvKey, 'Path', Path) then exit;
  P := PathIndex(Path, Dir);
  if P = 0 then exit;
  Path := ';' + Path + ';';
  Delete(Path, P, Length(RemoveBackslashUnlessRoot(Dir)) + 1);
  Path := Copy(Path, 2, Length(Path) - 2);
  RegWriteExpandStringValue(EnvRoot, EnvKey, 'Path', Path);
end;

procedure RunSelfTest;
var
  ResultCode: Integer;
  LogFile: String;
begin
  LogFile := ExpandConstant('{app}\self-test.log');
  WizardForm.StatusLabel.Caption := 'Checking the installation (keigo --self-test)...';
  { cmd.exe only to send the output to the log; the app itself runs headless (offscreen). }
  if not Exec(ExpandConstant('{cmd}'), '/C ""' + ExpandConstant('{app}\keigo.exe') + '" --self-test > "' + LogFile + '" 2>&1"',
              ExpandConstant('{app}'), SW_HIDE, ewWaitUntilTerminated, ResultCode) then
    ResultCode := -1;
  if ResultCode <> 0 then begin
    SelfTestFailed := True;
    Log('keigo --self-test failed with exit code ' + IntToStr(ResultCode) + '; see ' + LogFile);
    SuppressibleMsgBox('Keigo was installed, but its self-test failed (exit code ' + IntToStr(ResultCode) +
                       '). The output is in ' + LogFile + '.', mbError, MB_OK, IDOK);
  end;
end;

procedure CurStepChanged(CurStep: TSetupStep);
begin
  if CurStep = ssPostInstall then begin
    if WizardIsTaskSelected('addtopath') then AddToPath(ExpandConstant('{app}'));
    RunSelfTest;
  end;
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if CurUninstallStep = usPostUninstall then RemoveFromPath(ExpandConstant('{app}'));
end;

{ Setup succeeded but the installed app did not pass its self-test: say so to scripts (CI) too. }
function GetCustomSetupExitCode: Integer;
begin
  if SelfTestFailed then Result := 10 else Result := 0;
end;
