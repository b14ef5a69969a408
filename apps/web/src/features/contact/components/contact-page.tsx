import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@mailtokit/contracts/user';
import { ClockIcon, LockKeyholeIcon, MessageSquareTextIcon, SendIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import {
  contactInputSchema,
  useSendContactMessage,
  type ContactFormValues,
  type ContactInput,
} from '../api/send-contact-message';

const FAILED = 'Failed to send your message. Please try again.';

/** The paid plans the pricing page's "Request …" buttons ask for (`/contact?plan=`). */
const PLAN_NAMES: Record<string, string> = { premium: 'Premium', team: 'Team' };

/** A request for a plan, written for the administrator who assigns it. */
function planRequest(plan: string | null, user: User | null) {
  const name = plan ? PLAN_NAMES[plan] : undefined;
  if (!name) return { subject: '', message: '' };
  return {
    subject: `${name} plan`,
    message: user
      ? `Hello, please move my account (${user.username}) to the ${name} plan.`
      : `Hello, I would like a MailtoKit account on the ${name} plan.`,
  };
}

function initialValues(user: User | null, plan: string | null): ContactFormValues {
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  return { name, email: user?.email ?? '', ...planRequest(plan, user) };
}

function ContactForm({ user }: { user: User | null }) {
  const send = useSendContactMessage();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const plan = searchParams.get('plan');
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: initialValues(user, plan),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        form.reset(initialValues(user, null));
        toast({
          title: 'Message sent!',
          description: "We'll get back to you as soon as possible.",
        });
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['name', 'email', 'subject', 'message']);
        const rateLimited = error instanceof ApiError && error.status === 429;
        toast({ variant: 'destructive', description: rateLimited ? errorMessage(error) : FAILED });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <FormField id="contact-name" label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...form.register('email')} type="email" autoComplete="email" />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message?.message}>
        {(control) => (
          <Textarea {...control} {...form.register('message')} className="min-h-[150px] resize-y" />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={send.isPending || !hydrated}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {send.isPending ? (
          <>
            <Spinner />
            Sending...
          </>
        ) : (
          <>
            <SendIcon aria-hidden="true" />
            Send message
          </>
        )}
      </Button>
    </form>
  );
}

const FACTS = [
  {
    icon: MessageSquareTextIcon,
    title: 'Questions and feedback',
    text: 'Bug reports, feature ideas or questions about plans — all welcome.',
  },
  {
    icon: ClockIcon,
    title: 'We reply by email',
    text: 'Leave an address you read: that is where our answer goes.',
  },
  {
    icon: LockKeyholeIcon,
    title: 'Your message stays here',
    text: 'We store it only to answer you. It is never shared or used for marketing.',
  },
];

/** /contact */
export function ContactPage() {
  const { user, isLoading } = useAuth();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.4fr] lg:gap-16 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Have a question about MailtoKit? Send us a message and we&apos;ll get back to you.
        </p>
        <ul className="mt-10 grid gap-6">
          {FACTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/15">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-medium">{title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Send a message</CardTitle>
          <CardDescription>All fields are required.</CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <div className="grid gap-5" aria-hidden="true">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-44" />
            </div>
          ) : (
            <ContactForm key={user?.id ?? 'anonymous'} user={user} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
