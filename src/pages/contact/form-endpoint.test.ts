import { describe, expect, it } from 'vitest';
import { configWith, render } from '../../../test/helpers/site.js';
import { formEndpointOf } from './form-endpoint.js';

describe('formEndpointOf', () => {
  it('reads the endpoint of a generated contact page, entities decoded', () => {
    expect(formEndpointOf(render()['contact/index.html']!)).toBe('/api/contact');
    const page = render(configWith({ contactEndpoint: 'https://clinic.example.com/api/contact?site=a&b=1' }))['contact/index.html']!;
    expect(formEndpointOf(page)).toBe('https://clinic.example.com/api/contact?site=a&b=1');
  });

  it('finds no endpoint in a page without the contact form, or a form tag without action', () => {
    expect(formEndpointOf('<html><form id="other" action="/x"></form></html>')).toBeUndefined();
    expect(formEndpointOf('<form id="contact-form" method="post"><input action="/x"></form>')).toBeUndefined();
  });

  // How the work grows with the page, which no machine changes, rather than a time: the regex took
  // minutes for 6 MB of unclosed tags because its work grew as the square of the page (the power
  // 2); a linear read grows as the page (the power 1), and this one, which reads 4 KB past the first
  // tag, not at all (0). CPU time, repeated until it adds up to 25 ms, so a busy machine or a
  // fraction of a millisecond does not make the figure. How long it takes is a figure of the
  // machine: `npm run bench -- hostile` (budget 100 ms).
  it('reads a hostile 6 MB page of unclosed form tags in work that grows no faster than the page (the regex took minutes)', () => {
    const hostile = (tags: number) => '<form id="contact-form"'.repeat(tags);
    const cpuMs = (page: string) => {
      page.indexOf('\0'); // a flat string: joining a rope is not the reader's work
      let runs = 0;
      let ms = 0;
      let found: string | undefined;
      do {
        const start = process.cpuUsage();
        found = formEndpointOf(page);
        const used = process.cpuUsage(start);
        ms += (used.user + used.system) / 1000;
        runs++;
      } while (ms < 25);
      expect(found).toBeUndefined();
      return ms / runs;
    };
    const small = hostile(260_000 / 16);
    const large = hostile(260_000);
    expect(large.length).toBeGreaterThan(5_900_000);
    formEndpointOf(small); // compiled and warm before either is timed
    const power = Math.log(cpuMs(large) / cpuMs(small)) / Math.log(large.length / small.length);
    expect(power).toBeLessThan(1.5);
  });

  it('gives up on an opening tag longer than the 4 KB a real one never reaches', () => {
    const page = `<form id="contact-form" data-x="${'a'.repeat(10_000)}" action="/far">`;
    expect(formEndpointOf(page)).toBeUndefined();
  });
});
