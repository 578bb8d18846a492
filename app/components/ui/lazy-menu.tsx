import {
  type ComponentProps,
  cloneElement,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/** A menu's button: the element that opens it, the same before and after the menu's code loaded. */
type Trigger = ReactElement<ComponentProps<'button'>>;

/**
 * A dropdown menu whose code (the menu parts, positioning, focus handling) loads the first time it
 * is used, so it stays out of the page's first load. Until then its button is a plain one that looks
 * the same; pointing at it or focusing it starts `load`, and pressing it renders `menu` (a lazy
 * component that uses the button as its trigger and opens at once) as soon as the code is there.
 */
export function LazyMenu({
  load,
  trigger,
  menu,
}: {
  load: () => Promise<unknown>;
  trigger: Trigger;
  menu: (trigger: Trigger) => ReactNode;
}) {
  const [used, setUsed] = useState(false);
  // Only a head start: a load that fails here fails again, visibly, when the menu is opened.
  const warmUp = () => void load().catch(() => undefined);
  const plain = cloneElement(trigger, {
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: warmUp,
    onFocus: warmUp,
    onClick: () => setUsed(true),
  });
  if (!used) return plain;
  return <Suspense fallback={plain}>{menu(trigger)}</Suspense>;
}
