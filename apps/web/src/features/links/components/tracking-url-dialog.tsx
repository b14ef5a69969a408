import { TRACKING_MESSAGES } from '@mailtokit/contracts/tracking';
import { CopyField } from '@/components/ui/copy-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

const URL_COPIED = {
  title: 'Link copied!',
  description: 'The tracking link has been copied to your clipboard',
} as const;

/**
 * A new tracking link's address to copy by hand, when the browser refused to copy it. Loaded
 * only then: most browsers copy it and this never shows.
 */
export function TrackingUrlDialog({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TRACKING_MESSAGES.created}</DialogTitle>
          <DialogDescription>
            Your browser did not let us copy it. Copy the address below and share it instead of the
            mailto link: each click is counted, then the mail app opens.
          </DialogDescription>
        </DialogHeader>
        <CopyField value={url} label="Tracking link" copiedMessage={URL_COPIED} />
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
