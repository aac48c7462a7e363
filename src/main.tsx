import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { API_BASE } from './api/client';
// Importing the module starts the root actor: once, outside React (StrictMode would start it twice).
import './app/app-actor';
import { App } from './app/app';
import { listenForPreloadErrors } from './app/preload-error';

console.debug('[jigboard] API base:', API_BASE);

listenForPreloadErrors();

// Mounted at once: the app shows whether or not the stored login is restored (SPEC §4).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
