import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * useSearchParams, with changes written onto the address bar as it is now. React Router hands
 * setSearchParams's updater the params of the component's last render: two changes in quick
 * succession (a pause in typing writes the words, then a select is chosen before the page has
 * redrawn) would build the second on the older params and drop the first. Browse's filters,
 * "Near me" and the food filters all write through this.
 */
export function useSearchParamsNow() {
  const [searchParams, setSearchParams] = useSearchParams();
  const change = (write: (now: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
    setSearchParams(() => write(new URLSearchParams(window.location.search)), options);
  return [searchParams, change] as const;
}
