/** Preferences of the General tab, kept in this browser (nothing is sent to the server). */
export interface Preferences {
  emailNotifications: boolean;
  saveHistory: boolean;
}

export const PREFERENCES_STORAGE_KEY = 'mailtokit-preferences';

export const DEFAULT_PREFERENCES: Preferences = { emailNotifications: true, saveHistory: true };

export function loadPreferences(): Preferences {
  try {
    const raw = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
    if (!raw) return DEFAULT_PREFERENCES;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_PREFERENCES;
    const stored = parsed as Partial<Record<keyof Preferences, unknown>>;
    return {
      emailNotifications:
        typeof stored.emailNotifications === 'boolean'
          ? stored.emailNotifications
          : DEFAULT_PREFERENCES.emailNotifications,
      saveHistory:
        typeof stored.saveHistory === 'boolean'
          ? stored.saveHistory
          : DEFAULT_PREFERENCES.saveHistory,
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** Returns false when the browser refuses storage (private mode, quota). */
export function savePreferences(preferences: Preferences): boolean {
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
}
