import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

// zod would otherwise probe for eval(), which the Content-Security-Policy refuses, reporting a
// violation on every page; its interpreted checks are as correct, and fast enough for forms.
zodConfig({ jitless: true });

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
