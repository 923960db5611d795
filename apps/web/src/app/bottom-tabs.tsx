import { IconHome, IconReceipt, IconSearch, IconUserCircle } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n/react';
import { paths } from './paths';

interface Tab {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
}

/**
 * The four places a signed-in person goes, at the bottom of a phone's screen within a thumb's
 * reach (issue 29, as Swiggy, Zomato and OLIO have): Home, Find food, My Orders, Me. The spec's
 * menu stays behind the burger above. From lg (1200 px) the top bar shows these links itself, so
 * this bar is hidden there (global.css). Drawn only for a signed-in person, after hydration: the
 * session lives in this browser (lib/use-session), so a server-drawn page never carries it.
 */
export default function BottomTabs() {
  const { t } = useTranslation();
  const tabs: Tab[] = [
    { label: t('nav.home'), to: paths.home, Icon: IconHome },
    { label: t('nav.findFood'), to: paths.browse, Icon: IconSearch },
    { label: t('nav.myOrders'), to: paths.myOrders, Icon: IconReceipt },
    { label: t('nav.me'), to: paths.profile, Icon: IconUserCircle },
  ];
  return (
    <nav aria-label={t('nav.tabs')} className="bottom-tabs">
      {tabs.map(({ label, to, Icon }) => (
        // NavLink marks the open place with aria-current="page", which the stylesheet colours.
        <NavLink key={to} to={to} className="bottom-tabs-tab">
          <Icon size={24} stroke={1.8} aria-hidden />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
