// Start-up: read the public system config and the translations of the chosen locale, then render (spec
// section 1: translations load first; a failure there is only logged). The router's loading runs meanwhile.
import './lib/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { fetchSystemConfig } from './lib/api/get-system-config';
import { changeLocale, initialLocale } from './lib/i18n';
import { setChunkLoadTimeout } from './lib/lazy-import';
import { systemConfigQueryKey } from './lib/query-keys';

async function start(): Promise<void> {
  const ready = Promise.all([
    fetchSystemConfig().catch((error: unknown) => {
      console.warn('The system configuration could not be loaded', error);
      return null;
    }),
    changeLocale(initialLocale()),
  ]);
  // The router starts now: it loads the page's modules (and, for a signed-in page, the user) while the
  // configuration and the texts arrive, instead of after them.
  const router = createAppRouter();
  const [config] = await ready;
  if (config) {
    queryClient.setQueryData(systemConfigQueryKey, config);
    setChunkLoadTimeout(config.chunkLoadTimeoutMs);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
