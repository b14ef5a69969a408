import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { setTheme, useTheme } from '@/lib/theme';
import { toast, toastError } from '@/lib/toast';
import { loadPreferences, savePreferences, type Preferences } from '../lib/preferences';

interface SettingRowProps {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function SettingRow({ label, description, checked, onCheckedChange }: SettingRowProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6 py-4 first:pt-0 last:pb-0">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}

export function GeneralSettings() {
  const [preferences, setPreferences] = useState<Preferences>(loadPreferences);
  const isDark = useTheme() === 'dark';

  const update = (patch: Partial<Preferences>) => setPreferences((p) => ({ ...p, ...patch }));

  const onSave = () => {
    if (!savePreferences(preferences)) {
      toastError(new Error('Your browser did not allow saving settings.'));
      return;
    }
    toast({ title: 'Settings saved', description: 'Your preferences have been saved.' });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">General</CardTitle>
        <CardDescription>Preferences for this browser.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <SettingRow
          label="Email notifications"
          description="Receive e-mails about your account and your team."
          checked={preferences.emailNotifications}
          onCheckedChange={(checked) => update({ emailNotifications: checked })}
        />
        <SettingRow
          label="Dark mode"
          description="Use the dark theme. Applies immediately and is remembered in this browser."
          checked={isDark}
          onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
        />
        <SettingRow
          label="Save history"
          description="Remember the links you generate in this browser."
          checked={preferences.saveHistory}
          onCheckedChange={(checked) => update({ saveHistory: checked })}
        />
      </CardContent>
      <CardFooter className="justify-end border-t pt-6">
        <Button onClick={onSave}>Save Changes</Button>
      </CardFooter>
    </Card>
  );
}
