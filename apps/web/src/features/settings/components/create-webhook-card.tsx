import type { CreatedWebhook } from '@mailtokit/contracts/webhooks';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PendingLabel } from '@/components/ui/spinner';
import { fieldErrors } from '@/lib/errors';
import { useFormChecks } from '@/lib/use-form-checks';
import { toastError } from '@/lib/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useLinkChoices } from '../api/get-link-choices';
import { WebhookLinkPicker } from './webhook-link-picker';

export const WEBHOOK_URL_MESSAGE = 'Enter an http:// or https:// URL';
export const WEBHOOK_LINKS_MESSAGE = 'Choose at least one link';

interface WebhookErrors {
  url?: string;
  links?: string;
}

/** The form's own checks: an http(s) address, and a link at least unless all links are on. */
export function checkWebhookForm(url: string, allLinks: boolean, picked: number[]): WebhookErrors {
  return {
    url: /^https?:\/\/\S+$/i.test(url.trim()) ? undefined : WEBHOOK_URL_MESSAGE,
    links: allLinks || picked.length > 0 ? undefined : WEBHOOK_LINKS_MESSAGE,
  };
}

/**
 * Settings > Webhooks: the form that adds one (its signing secret is shown once, by the
 * caller). After a first submit its checks follow every change, so a message goes as soon as
 * the field is right; the server's message for a field goes once that field changes.
 */
export function CreateWebhookCard({ onCreated }: { onCreated: (hook: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [allLinks, setAllLinks] = useState(true);
  const [picked, setPicked] = useState<number[]>([]);
  const links = useLinkChoices(!allLinks);
  const checks = useFormChecks<keyof WebhookErrors>(checkWebhookForm(url, allLinks, picked));
  const { errors } = checks;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.submit()) return;
    create.mutate(
      {
        url: url.trim(),
        events: ['link.clicked'],
        mailtoLinkIds: allLinks ? null : picked,
      },
      {
        onSuccess: (hook) => {
          setUrl('');
          setPicked([]);
          checks.reset();
          onCreated(hook);
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields?.url || fields?.mailtoLinkIds)
            checks.setServerErrors({ url: fields.url, links: fields.mailtoLinkIds });
          else toastError(error);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add a webhook</CardTitle>
        <CardDescription>
          Each human click on a tracking link is POSTed to your URL as a signed{' '}
          <code>link.clicked</code> event, retried for about a day if your endpoint is down.
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-5">
          <FormField
            id="webhook-url"
            label="Endpoint URL"
            error={errors.url}
            hint="Must be reachable from the internet (no private or local addresses)."
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                value={url}
                placeholder="https://example.com/hooks/mailtokit"
                onChange={(e) => {
                  setUrl(e.target.value);
                  checks.changed('url');
                }}
              />
            )}
          </FormField>
          <fieldset
            className="grid min-w-0 gap-3"
            aria-describedby={errors.links ? 'webhook-links-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Links</legend>
            <div className="flex items-center gap-3">
              <Checkbox
                id="webhook-all-links"
                checked={allLinks}
                onCheckedChange={(on) => {
                  setAllLinks(on === true);
                  checks.changed('links');
                }}
              />
              <Label htmlFor="webhook-all-links" className="font-normal">
                All my links, including ones I create later
              </Label>
            </div>
            {allLinks ? null : (
              <WebhookLinkPicker
                links={links.data}
                loading={links.isPending}
                picked={picked}
                onChange={(ids) => {
                  setPicked(ids);
                  checks.changed('links');
                }}
              />
            )}
            {errors.links ? (
              <p id="webhook-links-error" className="text-[13px] font-medium text-destructive">
                {errors.links}
              </p>
            ) : null}
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={create.isPending}>
            <PendingLabel pending={create.isPending} label="Add webhook" pendingLabel="Adding..." />
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
