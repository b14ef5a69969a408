import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlertIcon, CircleCheckIcon, XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { closeTopDialog } from '@/lib/dialog-stack';
import { TOAST_DURATION_MS, dismissToast, useToasts } from '@/lib/toast';

/** Swipe right past 50 px closes; F8 focuses the viewport. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/*
 * Screen readers hear toasts through the viewport, which is a polite live region. Radix's own
 * announcer would add a second, hidden copy of every toast's text to the page for a second
 * (read run-together: "Login successfulWelcome back!"), and that copy also makes the text
 * ambiguous for tests looking it up; it is rendered into a detached node instead.
 */
const detachedAnnouncer =
  typeof document === 'undefined' ? undefined : document.createElement('div');

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      duration={TOAST_DURATION_MS}
      announcerContainer={detachedAnnouncer}
      {...props}
    />
  );
}

/** The CSS variable holding the height the open toasts take at the foot of the screen. */
export const TOAST_STACK_HEIGHT_VAR = '--toast-stack-height';

/**
 * Keeps TOAST_STACK_HEIGHT_VAR on the page's root element: the viewport's height while it
 * shows a toast, else 0. A bar stuck to the foot of the screen (the links' selection bar) sits
 * above the toasts with it instead of under them.
 */
function measureStack(viewport: HTMLOListElement | null) {
  if (viewport === null || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  const update = () =>
    root.style.setProperty(
      TOAST_STACK_HEIGHT_VAR,
      `${viewport.childElementCount > 0 ? viewport.offsetHeight : 0}px`,
    );
  const observer = new ResizeObserver(update);
  observer.observe(viewport);
  update();
  return () => {
    observer.disconnect();
    root.style.removeProperty(TOAST_STACK_HEIGHT_VAR);
  };
}

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      ref={measureStack}
      hotkey={TOAST_HOTKEY}
      aria-live="polite"
      className={cn(
        // At the foot of the screen on every width, clear of the header and its menu button
        // (and of a phone's home indicator).
        'fixed right-0 bottom-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg transition-all data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'border bg-popover text-popover-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      className={cn('text-sm font-semibold [overflow-wrap:anywhere]', className)}
      {...props}
    />
  );
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      className={cn('text-sm opacity-90 [overflow-wrap:anywhere]', className)}
      {...props}
    />
  );
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center self-center rounded-md border border-current/30 px-3 text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        'absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-current',
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

/** Renders the toast store (lib/toast.ts): one toast at a time. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider>
      {toasts.map((t) => {
        const Icon = t.variant === 'destructive' ? CircleAlertIcon : CircleCheckIcon;
        return (
          <Toast
            key={t.id}
            variant={t.variant}
            open={t.open}
            duration={t.duration}
            type={t.variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            // A toast that appeared over a dialog would take Escape first: the dialog goes
            // first, the toast stays.
            onEscapeKeyDown={(event) => {
              if (closeTopDialog()) event.preventDefault();
            }}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                'mt-0.5 size-5 shrink-0',
                t.variant === 'destructive' ? 'text-current' : 'text-success',
              )}
            />
            <div className="grid min-w-0 flex-1 gap-1">
              <ToastTitle>{t.title}</ToastTitle>
              {t.description ? <ToastDescription>{t.description}</ToastDescription> : null}
            </div>
            {t.action ? (
              <ToastAction
                altText={t.action.label}
                onClick={() => {
                  t.action?.onClick();
                  dismissToast(t.id);
                }}
              >
                {t.action.label}
              </ToastAction>
            ) : null}
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
