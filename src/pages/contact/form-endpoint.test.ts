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

  it('reads a hostile 6 MB page of unclosed form tags in well under 100 ms (the regex took minutes)', () => {
    const hostile = '<form id="contact-form"'.repeat(260_000);
    expect(hostile.length).toBeGreaterThan(5_900_000);
    const started = performance.now();
    expect(formEndpointOf(hostile)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('gives up on an opening tag longer than the 4 KB a real one never reaches', () => {
    const page = `<form id="contact-form" data-x="${'a'.repeat(10_000)}" action="/far">`;
    expect(formEndpointOf(page)).toBeUndefined();
  });
});
