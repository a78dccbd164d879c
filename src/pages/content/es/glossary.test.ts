import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from './glossary.js';
import * as ui from './ui.js';
import * as actionBar from './action-bar.js';

/**
 * The Spanish copy says each term one way (issue 40 item 2): no Spanish module of the pages or of
 * the patient's texts uses a word the glossary lists to avoid, and the treatment pages use the
 * glossary's names.
 */
const here = new URL('.', import.meta.url).pathname;
const texts = join(here, '../../../texts/es');
const sources = [
  ...readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'glossary.ts').map((f) => join(here, f)),
  ...readdirSync(texts).filter((f) => f.endsWith('.ts')).map((f) => join(texts, f)),
];

describe('the Spanish glossary', () => {
  it('reads every Spanish module', () => {
    expect(sources.length).toBeGreaterThan(15);
  });

  it('is followed: no Spanish module uses a word it says to avoid', () => {
    const found: string[] = [];
    for (const file of sources) {
      // The words patients read, not the comments beside them (which may name the English module).
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').toLowerCase();
      for (const [term, entry] of Object.entries(GLOSSARY)) {
        for (const word of 'avoid' in entry ? (entry.avoid ?? []) : []) if (text.includes(word.toLowerCase())) found.push(`${file.slice(here.length)}: "${word}" (say "${entry.es}", ${term})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('names each treatment on its page by the glossary', () => {
    const page = (name: string) => readFileSync(join(here, `${name}.ts`), 'utf8');
    expect(page('semaglutide')).toContain(GLOSSARY.semaglutide.es);
    expect(page('trt')).toContain(GLOSSARY.testosterone.es);
    expect(page('nad')).toContain(GLOSSARY.nad.es);
    expect(page('peptide')).toContain(GLOSSARY.peptide.es.toLowerCase().replace('terapia', '').trim());
    expect(ui.SCHEDULE_CONSULTATION).toBe(GLOSSARY.scheduleConsultation.es);
    expect(actionBar.ACTION_BOOK_WHAT.trim()).toBe(`una ${GLOSSARY.consultation.es}`);
  });
});
