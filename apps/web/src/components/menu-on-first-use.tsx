import { Suspense, type ReactElement, type ReactNode } from 'react';
import { useMenuIntent } from '@/lib/use-menu-intent';

type TriggerProps = ReturnType<typeof useMenuIntent>['triggerProps'];

export interface MenuOnFirstUseProps {
  /** Loads the menu's code (the module `menu` comes from). */
  load: () => Promise<unknown>;
  /** The plain button shown until the menu is wanted, and while its code loads. */
  button: (triggerProps: TriggerProps) => ReactElement;
  /** The lazily loaded menu, rendered in the button's place and open at once. */
  menu: ReactNode;
}

/**
 * A menu whose code loads on first use (see `useMenuIntent`): a plain button first, then the
 * real menu in its place once the pointer or keyboard asks for it.
 */
export function MenuOnFirstUse({ load, button, menu }: MenuOnFirstUseProps) {
  const { wanted, triggerProps } = useMenuIntent(load);
  const plain = button(triggerProps);
  if (!wanted) return plain;
  return <Suspense fallback={plain}>{menu}</Suspense>;
}
