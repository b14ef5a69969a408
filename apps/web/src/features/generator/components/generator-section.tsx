import type { ParsedMailto } from '@mailtokit/mailto';
import { EraserIcon, WandSparklesIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MailtoFieldset, type MailtoFieldBinding } from '@/components/mailto-fieldset';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { takeEarlyValue } from '@/lib/early-input';
import { scrollToId } from '@/lib/scroll';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import {
  EMPTY_GENERATOR_VALUES,
  fromParsedMailto,
  hasErrors,
  liveLink,
  sameValues,
  GENERATOR_RESULT_ID,
  validateGenerator,
  type GeneratorField,
  type GeneratorValues,
} from '../lib/generator';
import { GeneratorOutput, loadResult } from './generator-output';
import { ImportMailtoButton } from './import-mailto-button';

/** The scroll to the result waits up to 60 x 50 ms for its code to arrive. */
const RESULT_POLL_MS = 50;
const RESULT_POLLS = 60;

/** The page scrolls to the result 100 ms after a successful submit. */
export const SCROLL_TO_RESULT_DELAY_MS = 100;

const FIELD_ORDER: GeneratorField[] = ['to', 'cc', 'bcc', 'subject', 'body'];

/**
 * The #generator section of the home page: the form, then the link its fields make. The link
 * follows every keystroke; while a field is invalid there is no link to copy at all.
 */
export function GeneratorSection() {
  const [values, setValues] = useState<GeneratorValues>(EMPTY_GENERATOR_VALUES);
  // After the first submit, errors follow every keystroke (like a form library's re-validate).
  const [submitted, setSubmitted] = useState(false);
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

  const found = validateGenerator(values);
  const errors = submitted ? found : {};
  const link = liveLink(values);

  /** Scrolls to the result once it is on the page (its code may still be on the way). */
  const scrollToResult = (polls: number) => {
    if (scrollToId(GENERATOR_RESULT_ID) || polls >= RESULT_POLLS) return;
    scrollTimer.current = setTimeout(() => scrollToResult(polls + 1), RESULT_POLL_MS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) controls.current[first]?.focus();
      return;
    }
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
    setValues(fromParsedMailto(mail));
    const ignored = Object.keys(mail.headers);
    toast({
      title: 'Link imported',
      description: ignored.length
        ? `The form has been filled from the link. Left out: ${ignored.join(', ')}.`
        : 'The form has been filled from the link; the link below follows your edits.',
    });
    controls.current.to?.focus();
  };

  const onClear = () => {
    setValues(EMPTY_GENERATOR_VALUES);
    setSubmitted(false);
    controls.current.to?.focus();
  };

  const bind = (name: GeneratorField): MailtoFieldBinding => ({
    name,
    value: values[name],
    ref: (element) => {
      if (element) controls.current[name] = element;
      else delete controls.current[name];
    },
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
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
            Mailto link generator
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Fill in the fields, get a link that opens exactly the email you meant.
          </p>
        </div>
        <div className="mx-auto mt-10 grid max-w-3xl gap-6">
          <Card>
            <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between sm:p-8 sm:pb-5">
              <div className="grid gap-1.5">
                <CardTitle as="h3" className="text-xl">
                  Compose your email
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
                <MailtoFieldset
                  idPrefix="generator"
                  bind={bind}
                  errors={errors}
                  bodyHint={
                    <span className="hidden sm:inline"> Ctrl/⌘ + Enter generates the link.</span>
                  }
                />
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  {!isEmpty ? (
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
          <GeneratorOutput link={link} started={submitted || !isEmpty} />
        </div>
      </div>
    </section>
  );
}
