import './styles/mantine.css';
import '@mantine/notifications/styles.css';
import './styles/theme.css';
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { readSession } from './lib/session';

/**
 * The first use of Intl loads ICU's data, about a tenth of a second on a phone. Signed in, the
 * first screen formats amounts and dates: the data is loaded here, while the language's texts
 * load, rather than inside that screen's first render; numbers and dates each in a task of their
 * own, after this script's, so that none of the three holds the page long. The login page formats
 * nothing.
 */
function loadIntlData() {
  if (!readSession()) return;
  setTimeout(() => new Intl.NumberFormat().format(0));
  setTimeout(() => new Intl.DateTimeFormat(undefined, { timeZone: 'UTC' }).format(0));
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Render once the chosen language's texts are in, so nothing flashes untranslated.
// A catalogue that fails to load still leaves a usable app (keys shown), so render regardless.
// The first drawing is a transition: React draws the frame and the first screen in slices of a few
// milliseconds with the browser's turn between them, not in tasks that hold a phone's processor for
// a third of a second (docs/benchmarks.md, "The first drawing in slices").
const texts = initI18n();
loadIntlData();
void texts
  .catch((error: unknown) => console.error(error))
  .then(() => {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
