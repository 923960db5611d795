export interface NavItem {
  label: string;
  to: string;
  variant: 'subtle' | 'filled';
}
