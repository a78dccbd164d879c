import { createRoot } from 'react-dom/client';
import { AdminApp } from './app.js';
import { readInitial } from './form.js';

/** Entry of the admin bundle (scripts/build.mjs): mounts the app on the shell's #root. */
const root = document.getElementById('root');
if (root) createRoot(root).render(<AdminApp initial={readInitial()} />);
