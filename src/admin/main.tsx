import { createRoot } from 'react-dom/client';
import { SessionGate } from './auth/session-gate.js';
import { readInitial } from './form.js';

/** Entry of the admin bundle (scripts/build.mjs): mounts the session gate (and, once signed in, the app) on the shell's #root. */
const root = document.getElementById('root');
if (root) createRoot(root).render(<SessionGate initial={readInitial()} />);
