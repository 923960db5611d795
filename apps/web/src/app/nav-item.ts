export interface NavItem {
  label: string;
  to: string;
  variant: 'subtle' | 'filled';
  /** A count shown beside the label (requests waiting for an answer); hidden when 0 or absent. */
  badge?: number;
  /** Said after the label to screen readers when a badge shows, e.g. "waiting". */
  badgeLabel?: string;
}
