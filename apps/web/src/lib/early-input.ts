/**
 * What a visitor typed into a prerendered form before React took it over. Hydration resets a
 * controlled field to its state (empty), so the typing is noted here — the values already in
 * the fields when the app starts, then every input until the form claims them — and the form
 * puts it back into its state when it mounts (`takeEarlyValue`).
 */
const typed = new Map<string, string>();
const claimed = new Set<string>();

type Field = HTMLInputElement | HTMLTextAreaElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/** Starts noting typed values below `root` (call before hydrating it). */
export function watchEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<Field>('input[id], textarea[id]'))
    if (field.value !== field.defaultValue) typed.set(field.id, field.value);
  root.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (isField(field) && field.id && !claimed.has(field.id)) typed.set(field.id, field.value);
    },
    true,
  );
}

/** The value typed into the field with this id before its form was live, once. */
export function takeEarlyValue(id: string): string | undefined {
  claimed.add(id);
  const value = typed.get(id);
  typed.delete(id);
  return value;
}
