import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/theme.css';
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Render once the chosen language's texts are in, so nothing flashes untranslated.
// A catalogue that fails to load still leaves a usable app (keys shown), so render regardless.
void initI18n()
  .catch((error: unknown) => console.error(error))
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
