import { useCallback, useContext } from 'react';
import {
  type Location,
  type NavigateOptions,
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';

export type UpdateUrlParams = (
  change: (params: URLSearchParams) => void,
  options?: NavigateOptions,
) => void;

/**
 * The URL's query parameters, and a way to change some of them that starts from the URL as it is
 * now. React Router's own setter starts from the parameters of the last render, and the router
 * takes a new location in a transition that keystrokes interrupt: of two changes made close
 * together (a typed search reaching the URL as a row's panel opens), the second would undo the
 * first. The router's history object always holds the latest location. A change made for a page
 * the user has already left is dropped.
 */
export function useUrlParams(): [URLSearchParams, UpdateUrlParams] {
  const [params] = useSearchParams();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const update = useCallback<UpdateUrlParams>(
    (change, options) => {
      const latest = (navigator as { location?: Location }).location;
      if (latest && latest.pathname !== pathname) return;
      const updated = new URLSearchParams(latest ? latest.search : params);
      change(updated);
      navigate(`?${updated}`, options);
    },
    [navigator, navigate, params, pathname],
  );
  return [params, update];
}
