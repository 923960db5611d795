import { Badge, VisuallyHidden } from '@mantine/core';
import type { NavItem } from './nav-item';

/** A navigation label with its count: the number is seen, "(N waiting)" is heard. */
export function NavLinkLabel({ item }: { item: NavItem }) {
  const count = item.badge ?? 0;
  return (
    <>
      {item.label}
      {count > 0 ? (
        <>
          <Badge component="span" aria-hidden="true" color="red.8" size="sm" circle={count < 10} ml={6} data-testid="nav-badge">
            {count > 99 ? '99+' : count}
          </Badge>
          <VisuallyHidden>{`(${`${count} ${item.badgeLabel ?? ''}`.trim()})`}</VisuallyHidden>
        </>
      ) : null}
    </>
  );
}
