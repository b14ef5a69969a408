import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { AddressInput } from './address-input';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { Textarea } from './ui/textarea';

/** The five fields of a mailto link, in the order they are shown. */
export const MAILTO_FIELD_NAMES = ['to', 'cc', 'bcc', 'subject', 'body'] as const;
export type MailtoFieldName = (typeof MAILTO_FIELD_NAMES)[number];

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * How one field is wired to its form: react-hook-form's `register(name)` fits, and so does a
 * hand-made `{ name, value, ref, onChange }`.
 */
export interface MailtoFieldBinding {
  name: string;
  value?: string;
  ref: (element: FieldElement | null) => void;
  onChange: (event: ChangeEvent<FieldElement>) => unknown;
  onBlur?: (event: FocusEvent<FieldElement>) => unknown;
}

export interface MailtoFieldsetProps {
  /** Ids are `${idPrefix}-to`, `${idPrefix}-cc`… */
  idPrefix: string;
  bind: (name: MailtoFieldName) => MailtoFieldBinding;
  errors: Partial<Record<MailtoFieldName, string | undefined>>;
  /** Under the body, e.g. a keyboard shortcut. */
  bodyHint?: ReactNode;
}

const ADDRESS_HINT = 'Separate several addresses with commas.';

const COPY_FIELDS = [
  { name: 'cc', label: 'CC' },
  { name: 'bcc', label: 'BCC' },
] as const;

/**
 * To, CC, BCC, Subject and Body, as the home page's generator and the saved-link form both
 * show them: the same labels, hints, placeholders and input types (e-mail keyboards, no
 * autocorrect on addresses), with each field's error under it.
 */
export function MailtoFieldset({ idPrefix, bind, errors, bodyHint }: MailtoFieldsetProps) {
  const id = (name: MailtoFieldName) => `${idPrefix}-${name}`;
  return (
    <>
      <FormField id={id('to')} label="To" error={errors.to} hint={ADDRESS_HINT}>
        {(control) => (
          <AddressInput
            {...control}
            {...bind('to')}
            placeholder="name@example.com, another@example.com"
            aria-required="true"
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        {COPY_FIELDS.map(({ name, label }) => (
          <FormField key={name} id={id(name)} label={label} error={errors[name]}>
            {(control) => <AddressInput {...control} {...bind(name)} placeholder="Optional" />}
          </FormField>
        ))}
      </div>
      <FormField id={id('subject')} label="Subject" error={errors.subject}>
        {(control) => (
          <Input
            {...control}
            {...bind('subject')}
            autoComplete="off"
            placeholder="What is it about?"
          />
        )}
      </FormField>
      <FormField
        id={id('body')}
        label="Body"
        error={errors.body}
        hint={
          <>
            Line breaks are kept.
            {bodyHint}
          </>
        }
      >
        {(control) => (
          <Textarea {...control} {...bind('body')} placeholder={'Hi,\n\n…'} className="min-h-36" />
        )}
      </FormField>
    </>
  );
}
