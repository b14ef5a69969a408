import { useUnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { zodResolver } from '@hookform/resolvers/zod';
import { LinkBody, type LinkInput, type MailtoLink } from '@mailtokit/contracts/links';
import { mailtoOfStored } from '@mailtokit/mailto';
import { LockIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from '@mailtokit/contracts/zod';
import { MailtoFieldset } from '@/components/mailto-fieldset';
import { PremiumPanel } from '@/components/premium-panel';
import { usePremiumPrompt } from '@/components/premium-prompt';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useCreateLink } from '../api/create-link';
import { useShareTeams } from '../api/get-share-teams';
import { useUpdateLink } from '../api/update-link';
import {
  EMPTY_LINK_FORM,
  PRIVATE_OPTION,
  linkToFormValues,
  previewHref,
  teamChoice,
  teamSelectValue,
  type LinkFormValues,
  linkFormReturnPath,
  prefilledLinkForm,
} from '../lib/link-form';
import { LinkFormPreview } from './link-form-preview';
import { TagChip } from './tag-chip';
import { TagField } from './tag-field';

export const SAVE_PREMIUM_MESSAGE =
  'Saving links requires a premium subscription. Please upgrade your account to access this feature.';
export const SAVE_FAILED_MESSAGE = 'Failed to process the link. Please try again.';
export const SAVE_OFFER_TITLE = 'Saving links comes with Premium';
export const SAVE_OFFER_DESCRIPTION =
  'Build and open this link for free. To keep it in your dashboard, share it with your team and count its clicks, move to a Premium plan.';

/*
 * The form's values (strings, teamId number|null) are a narrower type than what the API
 * schema accepts (anything nullish), so the resolvers are typed for the form.
 */
type LinkFormResolver = Resolver<LinkFormValues, unknown, LinkInput>;
/** Saving: the API's own schema, so the form says exactly what the server would. */
const saveResolver = zodResolver(LinkBody) as unknown as LinkFormResolver;
/** Only generating (nothing saved): a name is not needed. */
const generateResolver = zodResolver(
  LinkBody.extend({ name: z.string().trim() }),
) as unknown as LinkFormResolver;

const SERVER_FIELDS: Path<LinkFormValues>[] = [
  'name',
  'to',
  'cc',
  'bcc',
  'subject',
  'body',
  'teamId',
  'tags',
];

export interface LinkFormProps {
  /** The link being edited; absent when creating. */
  link?: MailtoLink;
}

/** Create or edit a saved link, or just generate one. */
export function LinkForm({ link }: LinkFormProps) {
  const editing = link !== undefined;
  const { isPremium, user } = useAuth();
  // Only a link's author changes its tags; others see them.
  const mayTag = link === undefined || link.userId === user?.id;
  const [tagError, setTagError] = useState<string>();
  // Saving is a Premium feature: a plan without it starts (and stays) on "only generate".
  const canSave = editing || isPremium;
  const [saveLink, setSaveLink] = useState(canSave);
  const saving = editing || (saveLink && canSave);
  const teams = useShareTeams();
  const createLink = useCreateLink();
  const updateLink = useUpdateLink();
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();
  const pending = createLink.isPending || updateLink.isPending;

  // A new link may come prefilled from the address (the generator's "Save link").
  const [searchParams] = useSearchParams();
  const [prefill] = useState(() => prefilledLinkForm(searchParams));
  const returnTo = link ? '/dashboard' : linkFormReturnPath(searchParams);
  const form = useForm<LinkFormValues, unknown, LinkInput>({
    resolver: saving ? saveResolver : generateResolver,
    defaultValues: link ? linkToFormValues(link, mayTag) : prefill,
  });
  const { errors } = form.formState;
  // Leaving with changes typed and not saved asks first (not after a save, which leaves).
  const { prompt: unsavedPrompt, leaveWithoutAsking } = useUnsavedChangesPrompt(
    form.formState.isDirty && !createLink.isSuccess && !updateLink.isSuccess,
  );
  const values = useWatch({ control: form.control }) as LinkFormValues;
  const href = previewHref({ ...EMPTY_LINK_FORM, ...values });

  const teamId = values.teamId ?? null;
  // A team the link is shared with but that is not in the list (e.g. the list failed).
  const unknownTeam =
    teamId !== null && !teams.some((team) => team.id === teamId)
      ? { id: teamId, name: link?.teamName ?? `Team #${teamId}` }
      : null;
  const showTeams = saving && teams.length > 0;

  const onError = (error: unknown) => {
    if (isPremiumRequiredError(error)) {
      promptUpgrade(SAVE_PREMIUM_MESSAGE);
      return;
    }
    // Messages the server gives per field go under their fields only.
    if (
      error instanceof ApiError &&
      error.code === 'VALIDATION_ERROR' &&
      applyServerFieldErrors(error, form.setError, SERVER_FIELDS)
    )
      return;
    toast({
      variant: 'destructive',
      title: 'Error',
      description: errorMessage(error) || SAVE_FAILED_MESSAGE,
    });
  };

  const onSubmit = form.handleSubmit((input) => {
    if (!saving) {
      // Every link we open comes from packages/mailto.
      window.open(mailtoOfStored(input));
      toast({ title: 'Mailto link created', description: 'It opens in your mail app.' });
      return;
    }
    const done = (title: string, description: string) => () => {
      toast({ title, description });
      leaveWithoutAsking(returnTo);
    };
    if (link)
      updateLink.mutate(
        { id: link.id, input },
        { onSuccess: done('Link updated', 'Your changes have been saved.'), onError },
      );
    else
      createLink.mutate(input, {
        onSuccess: done('Link created', 'Your mailto link has been saved.'),
        onError,
      });
  });

  const submitLabel = editing ? 'Update link' : saving ? 'Save link' : 'Generate link';

  return (
    <div className="grid gap-6">
      {canSave ? null : (
        <PremiumPanel compact title={SAVE_OFFER_TITLE} description={SAVE_OFFER_DESCRIPTION} />
      )}
      <Card>
        <form noValidate onSubmit={onSubmit} aria-label={editing ? 'Edit link' : 'Create link'}>
          <CardContent className="grid gap-5 pt-6">
            <FormField
              id="link-name"
              label="Link name"
              error={errors.name?.message}
              hint="Only you and your team see it, e.g. “Support request”."
            >
              {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
            </FormField>
            <MailtoFieldset
              idPrefix="link"
              bind={(name) => form.register(name)}
              errors={{
                to: errors.to?.message,
                cc: errors.cc?.message,
                bcc: errors.bcc?.message,
                subject: errors.subject?.message,
                body: errors.body?.message,
              }}
            />

            {!editing ? (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="link-save"
                  checked={saving}
                  disabled={!canSave}
                  onCheckedChange={(checked) => setSaveLink(checked === true)}
                  aria-describedby="link-save-hint"
                  className="mt-0.5"
                />
                <div className="grid gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Label htmlFor="link-save">Save link for future use</Label>
                    {canSave ? null : (
                      <Badge variant="soft">
                        <LockIcon aria-hidden="true" />
                        Premium
                      </Badge>
                    )}
                  </div>
                  <p id="link-save-hint" className="text-[13px] text-muted-foreground">
                    {!canSave
                      ? 'Saving needs a Premium plan: the link opens in your mail app.'
                      : saving
                        ? 'The link is kept in your dashboard.'
                        : 'Nothing is saved: the link opens in your mail app.'}
                  </p>
                </div>
              </div>
            ) : null}

            {saving ? (
              <FormField
                id="link-tags"
                label="Tags (optional)"
                error={tagError ?? errors.tags?.message ?? errors.tags?.[0]?.message}
                hint={
                  mayTag
                    ? 'Choose your tags or type a new one; filter your links by them.'
                    : 'Only the link’s author can change its tags.'
                }
              >
                {(control) =>
                  mayTag ? (
                    <TagField
                      control={control}
                      value={values.tags ?? []}
                      onChange={(names) => {
                        form.setValue('tags', names, { shouldDirty: true });
                        form.clearErrors('tags');
                      }}
                      onError={setTagError}
                    />
                  ) : (
                    <ul
                      id={control.id}
                      aria-describedby={control['aria-describedby']}
                      aria-label="Tags"
                      className="flex min-h-10 flex-wrap items-center gap-1.5"
                    >
                      {link?.tags.length ? (
                        link.tags.map((tag) => (
                          <li key={tag.id}>
                            <TagChip tag={tag} />
                          </li>
                        ))
                      ) : (
                        <li className="text-sm text-muted-foreground">No tags</li>
                      )}
                    </ul>
                  )
                }
              </FormField>
            ) : null}

            {showTeams ? (
              <FormField
                id="link-team"
                label="Share with team (optional)"
                error={errors.teamId?.message}
                hint="Team members see shared links in their dashboard."
              >
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={teamSelectValue(teamId)}
                    onChange={(event) => {
                      const choice = teamChoice(event.target.value);
                      form.setValue('teamId', choice.teamId, { shouldDirty: true });
                      form.setValue('isShared', choice.isShared, { shouldDirty: true });
                      form.clearErrors('teamId');
                    }}
                  >
                    <option value={PRIVATE_OPTION}>Keep private</option>
                    {teams.map((team) => (
                      <option key={team.id} value={String(team.id)}>
                        {team.name}
                      </option>
                    ))}
                    {unknownTeam ? (
                      <option value={String(unknownTeam.id)}>{unknownTeam.name}</option>
                    ) : null}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
          </CardContent>
          <CardFooter className="flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild className="w-full sm:w-auto">
              <Link to={returnTo}>Cancel</Link>
            </Button>
            <Button
              type="submit"
              // A saved link with nothing changed has nothing to update.
              disabled={pending || (editing && !form.formState.isDirty)}
              className="w-full sm:w-auto"
            >
              {pending ? <Spinner /> : null}
              {submitLabel}
            </Button>
          </CardFooter>
        </form>
      </Card>
      <LinkFormPreview href={href} saved={saving} />
      {premiumDialog}
      {unsavedPrompt}
    </div>
  );
}
