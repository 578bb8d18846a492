// The design system: every page and feature takes its buttons, boxes, fields and states from here.
export { buttonClass, smallButtonClass } from './button';
export { Card, cardClass } from './card';
export { DateTime, formatDay } from './date-time';
export { Dialog } from './dialog';
export {
  type FieldError,
  FormStatus,
  failureMessage,
  fieldErrors,
  hintClass,
  inputClass,
  labelClass,
} from './form';
export { LazyMenu } from './lazy-menu';
export { Pager, pageInPath, pageInQuery } from './pager';
export { ScrollBox } from './scroll-box';
export { EmptyState, ErrorState, Skeleton } from './states';
export { LinkTabs, type TabItem } from './tabs';
export { mutedClass, richTextClass } from './text';
