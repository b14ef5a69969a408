import { lazy, Suspense } from 'react';
import { useFreshPasswordAsked } from '@/lib/fresh-password';

// The dialog's code loads the first time a change asks for the password.
const FreshPasswordDialog = lazy(() =>
  import('./fresh-password-dialog').then((m) => ({ default: m.FreshPasswordDialog })),
);

/** Renders the password dialog while a sensitive change waits for it. Mounted once, in the app. */
export function FreshPasswordHost() {
  if (!useFreshPasswordAsked()) return null;
  return (
    <Suspense fallback={null}>
      <FreshPasswordDialog />
    </Suspense>
  );
}
