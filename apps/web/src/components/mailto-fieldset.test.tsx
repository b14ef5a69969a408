import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  MAILTO_FIELD_NAMES,
  MailtoFieldset,
  type MailtoFieldName,
  type MailtoFieldsetProps,
} from './mailto-fieldset';

type Values = Record<MailtoFieldName, string>;
const EMPTY: Values = { to: '', cc: '', bcc: '', subject: '', body: '' };

/** The fieldset bound to plain state, which the test reads back. */
function Harness({
  errors = {},
  onValues,
}: {
  errors?: MailtoFieldsetProps['errors'];
  onValues: (values: Values) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  return (
    <form aria-label="Mail">
      <MailtoFieldset
        idPrefix="t"
        errors={errors}
        bodyHint=" Extra hint."
        bind={(name) => ({
          name,
          value: values[name],
          ref: () => {},
          onChange: (event) => {
            const next = { ...values, [name]: event.target.value };
            setValues(next);
            onValues(next);
          },
        })}
      />
    </form>
  );
}

describe('MailtoFieldset', () => {
  it('shows To, CC, BCC, Subject and Body, with ids from the prefix and email inputs for addresses', () => {
    render(<Harness onValues={() => {}} />);
    const labels = ['To', 'CC', 'BCC', 'Subject', 'Body'];
    labels.forEach((label, index) => {
      const control = screen.getByLabelText(label);
      expect(control.id).toBe(`t-${MAILTO_FIELD_NAMES[index]}`);
    });
    for (const label of ['To', 'CC', 'BCC'])
      expect(screen.getByLabelText(label).getAttribute('inputmode')).toBe('email');
    expect(screen.getByLabelText('To').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Body').tagName).toBe('TEXTAREA');
    expect(screen.getByText(/Line breaks are kept\. Extra hint\./)).toBeTruthy();
  });

  it('hands every keystroke to its binding', async () => {
    let last = EMPTY;
    render(<Harness onValues={(values) => (last = values)} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('To'), 'a@b.io');
    await user.type(screen.getByLabelText('Body'), 'Hi{Enter}there');
    expect(last).toEqual({ ...EMPTY, to: 'a@b.io', body: 'Hi\nthere' });
  });

  it("shows each field's error under it, marks the field invalid and drops the hint", () => {
    render(<Harness errors={{ to: 'Recipient needed', bcc: 'Bad address' }} onValues={() => {}} />);
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe('t-to-error');
    expect(screen.getByText('Recipient needed').id).toBe('t-to-error');
    expect(screen.queryByText('Separate several addresses with commas.')).toBeNull();
    expect(screen.getByLabelText('BCC').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('CC').getAttribute('aria-invalid')).toBeNull();
  });
});
