import { buildMailto, type MailtoFields, type ParsedMailto } from '@mailtokit/mailto';
import { EraserIcon, WandSparklesIcon } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { AddressInput } from '@/components/address-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { takeEarlyValue } from '@/lib/early-input';
import { scrollToId } from '@/lib/scroll';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import {
  EMPTY_GENERATOR_VALUES,
  fromParsedMailto,
  hasErrors,
  sameValues,
  GENERATOR_RESULT_ID,
  toMailtoFields,
  validateGenerator,
  type GeneratorErrors,
  type GeneratorField,
  type GeneratorValues,
} from '../lib/generator';
import { ImportMailtoButton } from './import-mailto-button';

// The result (copy, snippet, QR, web mail, preview) loads when someone starts filling in the
// form, so the page's first load carries only the form.
const loadResult = () => import('./generator-result');
const GeneratorResult = lazy(() => loadResult().then((m) => ({ default: m.GeneratorResult })));

/** The scroll to the result waits up to 60 x 50 ms for its code to arrive. */
const RESULT_POLL_MS = 50;
const RESULT_POLLS = 60;

/** The page scrolls to the result 100 ms after a successful submit. */
export const SCROLL_TO_RESULT_DELAY_MS = 100;

const FIELD_ORDER: GeneratorField[] = ['to', 'cc', 'bcc', 'subject', 'body'];

const ADDRESS_HINT = 'Separate several addresses with commas.';

const COPY_FIELDS = [
  { name: 'cc', label: 'CC' },
  { name: 'bcc', label: 'BCC' },
] as const;

interface GeneratedLink {
  href: string;
  fields: MailtoFields;
  values: GeneratorValues;
}

/** The #generator section of the home page: the form, then the generated link. */
export function GeneratorSection() {
  const [values, setValues] = useState<GeneratorValues>(EMPTY_GENERATOR_VALUES);
  const [errors, setErrors] = useState<GeneratorErrors>({});
  // After the first submit, errors follow every keystroke (like a form library's re-validate).
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<GeneratedLink | null>(null);
  const controls = useRef<Partial<Record<GeneratorField, HTMLInputElement | HTMLTextAreaElement>>>(
    {},
  );
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  // The prerendered form may have been typed into before it was live: keep that typing.
  useEffect(() => {
    const early: Partial<GeneratorValues> = {};
    for (const name of FIELD_ORDER) {
      const value = takeEarlyValue(`generator-${name}`);
      if (value !== undefined) early[name] = value;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the DOM is the source here
    if (Object.keys(early).length > 0) setValues((current) => ({ ...current, ...early }));
  }, []);

  /** Scrolls to the result once it is on the page (its code may still be on the way). */
  const scrollToResult = (polls: number) => {
    if (scrollToId(GENERATOR_RESULT_ID) || polls >= RESULT_POLLS) return;
    scrollTimer.current = setTimeout(() => scrollToResult(polls + 1), RESULT_POLL_MS);
  };

  const update = (next: GeneratorValues) => {
    setValues(next);
    if (submitted) setErrors(validateGenerator(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateGenerator(values);
    setErrors(found);
    setSubmitted(true);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) controls.current[first]?.focus();
      return;
    }
    const fields = toMailtoFields(values);
    setResult({ href: buildMailto(fields), fields, values });
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => scrollToResult(0), SCROLL_TO_RESULT_DELAY_MS);
  };

  // Ctrl/Cmd + Enter generates from any field (Enter alone adds a line to the body).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  const onImport = (mail: ParsedMailto) => {
    const next = fromParsedMailto(mail);
    setValues(next);
    setErrors(submitted ? validateGenerator(next) : {});
    const ignored = Object.keys(mail.headers);
    toast({
      title: 'Link imported',
      description: ignored.length
        ? `The form has been filled from the link. Left out: ${ignored.join(', ')}.`
        : 'The form has been filled from the link. Edit it and press Generate.',
    });
    controls.current.to?.focus();
  };

  const onClear = () => {
    setValues(EMPTY_GENERATOR_VALUES);
    setErrors({});
    setSubmitted(false);
    setResult(null);
    controls.current.to?.focus();
  };

  const field = (name: GeneratorField) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (element) controls.current[name] = element;
      else delete controls.current[name];
    },
    onChange: (event: { target: { value: string } }) =>
      update({ ...values, [name]: event.target.value }),
  });

  const isEmpty = sameValues(values, EMPTY_GENERATOR_VALUES);
  const hydrated = useHydrated();

  return (
    <section
      id="generator"
      tabIndex={-1}
      aria-labelledby="generator-title"
      className="bg-muted/40 outline-none dark:bg-card/30"
    >
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="generator-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Mailto Link Generator
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Fill in the fields, get a link that opens exactly the e-mail you meant.
          </p>
        </div>
        <div className="mx-auto mt-10 grid max-w-3xl gap-6">
          <Card>
            <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between sm:p-8 sm:pb-5">
              <div className="grid gap-1.5">
                <CardTitle as="h3" className="text-xl">
                  Compose your e-mail
                </CardTitle>
                <CardDescription>
                  Accents, emoji, line breaks, &amp; ? # % + — type anything.
                </CardDescription>
              </div>
              <ImportMailtoButton onImport={onImport} />
            </CardHeader>
            <CardContent className="sm:px-8 sm:pb-8">
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- catches Ctrl+Enter from the form's fields; not a widget of its own */}
              <form
                noValidate
                onSubmit={onSubmit}
                onKeyDown={onKeyDown}
                onFocus={() => void loadResult()}
                aria-label="Mailto link generator"
                className="grid gap-5"
              >
                <FormField id="generator-to" label="To" error={errors.to} hint={ADDRESS_HINT}>
                  {(control) => (
                    <AddressInput
                      {...control}
                      {...field('to')}
                      placeholder="name@example.com, another@example.com"
                      aria-required="true"
                    />
                  )}
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
                  {COPY_FIELDS.map(({ name, label }) => (
                    <FormField
                      key={name}
                      id={`generator-${name}`}
                      label={label}
                      error={errors[name]}
                    >
                      {(control) => (
                        <AddressInput {...control} {...field(name)} placeholder="Optional" />
                      )}
                    </FormField>
                  ))}
                </div>
                <FormField id="generator-subject" label="Subject">
                  {(control) => (
                    <Input
                      {...control}
                      {...field('subject')}
                      autoComplete="off"
                      placeholder="What is it about?"
                    />
                  )}
                </FormField>
                <FormField
                  id="generator-body"
                  label="Body"
                  hint={
                    <>
                      Line breaks are kept.
                      <span className="hidden sm:inline"> Ctrl/⌘ + Enter generates the link.</span>
                    </>
                  }
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      {...field('body')}
                      placeholder={'Hi,\n\n…'}
                      className="min-h-36"
                    />
                  )}
                </FormField>
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  {!isEmpty || result ? (
                    <Button type="button" variant="ghost" onClick={onClear}>
                      <EraserIcon aria-hidden="true" />
                      Clear
                    </Button>
                  ) : null}
                  <Button type="submit" size="lg" disabled={!hydrated}>
                    <WandSparklesIcon aria-hidden="true" />
                    Generate
                  </Button>
                </div>
              </form>
            </CardContent>
          </Card>
          {result ? (
            <Suspense fallback={null}>
              <GeneratorResult
                href={result.href}
                fields={result.fields}
                stale={!sameValues(values, result.values)}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </section>
  );
}
