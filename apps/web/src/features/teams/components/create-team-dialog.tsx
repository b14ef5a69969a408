import { zodResolver } from '@hookform/resolvers/zod';
import { TEAM_DESCRIPTION_MAX } from '@mailtokit/contracts/teams';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { useUnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import {
  createTeamInputSchema,
  useCreateTeam,
  type CreateTeamFormValues,
  type CreateTeamInput,
} from '../api/create-team';
import { isTeamRequiredError, TEAM_ERRORS, teamActionMessage } from '../lib/errors';

const EMPTY: CreateTeamFormValues = { name: '', description: '' };

export interface CreateTeamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server refused: the caller is not on the TEAM plan. */
  onTeamRequired: () => void;
}

export const DISCARD_TEAM_TITLE = 'Discard this team?';

/**
 * 'Create team': a name and an optional description; the creator becomes the owner and lands on
 * the new team's page. Nothing typed is lost: closing the dialog (Escape, Cancel, the cross),
 * leaving the page (the browser's Back button included) or closing the tab asks first.
 */
export function CreateTeamDialog({ open, onOpenChange, onTeamRequired }: CreateTeamDialogProps) {
  const createTeam = useCreateTeam();
  const form = useForm<CreateTeamFormValues, unknown, CreateTeamInput>({
    resolver: zodResolver(createTeamInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isDirty } = form.formState;
  const [askDiscard, setAskDiscard] = useState(false);
  const { prompt: leavePrompt, leaveWithoutAsking } = useUnsavedChangesPrompt(
    open && isDirty && !createTeam.isSuccess,
  );

  const close = () => {
    form.reset(EMPTY);
    onOpenChange(false);
  };

  const changeOpen = (next: boolean) => {
    if (createTeam.isPending) return;
    if (next) onOpenChange(true);
    else if (isDirty) setAskDiscard(true);
    else close();
  };

  const onSubmit = form.handleSubmit((values) => {
    createTeam.mutate(values, {
      onSuccess: (team) => {
        close();
        toast({
          title: 'Team created',
          description: `${team.name} is ready. Invite your colleagues.`,
        });
        // The new team's page, where its members are invited.
        leaveWithoutAsking(`/teams/${team.id}`);
      },
      onError: (error) => {
        if (isTeamRequiredError(error)) {
          close();
          onTeamRequired();
          return;
        }
        if (applyServerFieldErrors(error, form.setError, ['name', 'description'])) return;
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.createTeam),
        });
      },
    });
  });

  return (
    <>
      <Dialog open={open} onOpenChange={changeOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Create team</DialogTitle>
            <DialogDescription>
              Share links with the people you work with. You will be the team&apos;s owner.
            </DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            <FormField id="team-name" label="Team name" error={errors.name?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('name')}
                  placeholder="Marketing"
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField
              id="team-description"
              label="Description (optional)"
              error={errors.description?.message}
              hint={`What the team works on. Up to ${TEAM_DESCRIPTION_MAX} characters.`}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...form.register('description')}
                  placeholder="Campaign links for the newsletter and events"
                  rows={3}
                />
              )}
            </FormField>
            <DialogFormFooter
              pending={createTeam.isPending}
              submitLabel="Create team"
              pendingLabel="Creating..."
            />
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={DISCARD_TEAM_TITLE}
        description="The team's name and description you typed are not saved and will be lost."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          setAskDiscard(false);
          close();
        }}
      />
      {leavePrompt}
    </>
  );
}
