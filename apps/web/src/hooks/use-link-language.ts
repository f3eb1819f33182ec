import { isLanguage, type Language } from '@taxfree/domain';
import { useEffect, useState } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import { changeLanguage, currentLanguage } from '@/lib/i18n';

/**
 * Where an e-mail names its language in its link: the traveller's (`/#/status?…&lang=hr`), a new
 * user's invitation and a password reset (`/#/resetPassword?token=…&lang=hr`).
 */
export const LINK_LANGUAGE_PARAM = 'lang';

/**
 * The language the e-mail's link names, taken once as the page opens, as if the reader had
 * chosen it on the page: the page opens in the language the e-mail was read in, and keeps it for
 * the next visit. A link without one, or with one the portal does not speak, leaves the page as it
 * was: the language chosen before on this device, else English. The parameter then leaves the URL,
 * so that a reload does not undo a language chosen afterwards.
 *
 * Answers whether the page is in its language yet: until then it shows nothing and looks nothing
 * up, so that neither a flash of another language nor a server message in one comes first.
 */
export function useLinkLanguage(): boolean {
  const [params, updateParams] = useUrlParams();
  const [wanted] = useState<Language | null>(() => {
    const language = params.get(LINK_LANGUAGE_PARAM);
    return isLanguage(language) && language !== currentLanguage() ? language : null;
  });
  const [isReady, setIsReady] = useState(wanted === null);

  useEffect(() => {
    if (wanted === null) return;
    const done = () => setIsReady(true);
    // A catalogue that fails to load leaves the page in English, the catalogues' fallback.
    changeLanguage(wanted).then(done, done);
  }, [wanted]);

  useEffect(() => {
    if (!params.has(LINK_LANGUAGE_PARAM)) return;
    updateParams((updated) => updated.delete(LINK_LANGUAGE_PARAM), { replace: true });
  }, [params, updateParams]);

  return isReady;
}
