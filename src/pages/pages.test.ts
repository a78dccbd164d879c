import { describe, expect, it } from 'vitest';
import { configWith, dom, render, sampleConfig, text } from '../../test/helpers/site.js';

const files = render();
const page = (file: string) => dom(files[file]!);
const texts = (file: string, sel: string) => page(file).querySelectorAll(sel).map((e) => text(e));
/** The section whose heading reads `title`. */
const section = (file: string, title: string) => {
  const h = page(file).querySelectorAll('h2').find((e) => text(e) === title);
  if (!h) throw new Error(`no section "${title}" in ${file}`);
  return h.closest('section')!;
};

describe('header and footer (every page)', () => {
  it('has the six nav links with the current page marked, and tap-to-call', () => {
    const trt = page('trt-therapy/index.html');
    const nav = trt.querySelector('nav[aria-label="Main"]')!;
    expect(nav.querySelectorAll('a').map((a) => text(a))).toEqual(['Home', 'TRT Therapy', 'Semaglutide', 'NAD+ Therapy', 'About', 'Contact']);
    expect(nav.querySelectorAll('a[aria-current="page"]').map((a) => text(a))).toEqual(['TRT Therapy']);
    expect(trt.querySelector('header a[href="tel:+18135550100"]')).not.toBeNull();
    expect(trt.querySelector('header a[aria-label="Northstar Men\'s Health home"]')!.getAttribute('href')).toBe('../');
  });

  it('marks Contact on the contact page\'s copies: a service\'s, where Schedule Consultation leads, and the page after sending', () => {
    for (const file of ['contact/index.html', 'contact/trt-therapy/index.html', 'contact/sent/index.html']) {
      const p = page(file);
      expect(p.querySelectorAll('nav[aria-label="Main"] a[aria-current="page"]').map((a) => text(a)), file).toEqual(['Contact']);
      expect(p.querySelectorAll('#menu-drawer a[aria-current="page"]').map((a) => text(a)), file).toEqual(['Contact']);
    }
    expect(page('about/index.html').querySelectorAll('nav[aria-label="Main"] a[aria-current="page"]').map((a) => text(a))).toEqual(['About']);
  });

  it('has the drawer markup: a labelled button opening a popover with the same links', () => {
    const home = page('index.html');
    const button = home.querySelector('button[popovertarget="menu-drawer"]:not([popovertargetaction])')!;
    expect(text(button.querySelector('svg'))).toBe('');
    expect(button.querySelector('svg')!.getAttribute('aria-label')).toBe('Open menu');
    const drawer = home.querySelector('#menu-drawer')!;
    expect(drawer.getAttribute('popover')).toBe('auto');
    expect(drawer.querySelectorAll('nav a').map((a) => text(a))).toEqual(['Home', 'TRT Therapy', 'Semaglutide', 'NAD+ Therapy', 'About', 'Contact']);
    expect(drawer.querySelector('a[aria-current="page"]')!.getAttribute('href')).toBe('./');
    expect(drawer.querySelector('button[popovertargetaction="hide"][autofocus]')).not.toBeNull();
  });

  it('has the footer of the spec', () => {
    const footer = page('about/index.html').querySelector('footer')!;
    expect(footer.querySelectorAll('[aria-label="Social media"] a').map((a) => a.getAttribute('href'))).toEqual([
      'https://www.instagram.com/northstarmenshealth',
      'https://www.facebook.com/northstarmenshealth',
      'https://www.youtube.com/@northstarmenshealth',
      'https://www.tiktok.com/@northstarmenshealth',
    ]);
    const services = footer.querySelectorAll('nav[aria-labelledby="footer-services"] a');
    expect(services.map((a) => [text(a), a.getAttribute('href')])).toEqual([
      ['TRT Therapy', '../trt-therapy/'],
      ['Semaglutide Weight Loss', '../semaglutide/'],
      ['NAD+ Therapy', '../nad-therapy/'],
      ['Hormone Optimization', '../hormone-optimization/'],
      ['Consultations', '../contact/'],
    ]);
    expect(text(footer.querySelector('address'))).toContain('5950 Newberry Pines Avenue Wesley Chapel, FL 33545');
    expect(footer.querySelector('a[href="mailto:hello@example.com"]')).not.toBeNull();
    // The year of the build (decision 14), not the specification's fixed 2024.
    expect(text(footer)).toContain('© 2026 Northstar Men\'s Health. All rights reserved.');
    expect(footer.querySelectorAll('a').filter((a) => ['Privacy Policy', 'Terms & Conditions'].includes(text(a))).map((a) => a.getAttribute('href'))).toEqual(['../privacy/', '../terms/']);
  });
});

describe('home page', () => {
  it('has the hero with both calls to action', () => {
    const home = page('index.html');
    expect(text(home.querySelector('h1'))).toBe('Revitalize Your Health in Wesley Chapel');
    const hero = home.querySelector('main section')!;
    expect(hero.querySelectorAll('a').map((a) => [text(a).replace(/:.*/, ''), a.getAttribute('href')])).toEqual([
      ['Schedule Consultation', 'contact/#send-message'],
      ['Call Now', 'tel:+18135550100'],
    ]);
  });

  it('has three service cards, each with Learn More and three features', () => {
    const cards = section('index.html', 'Our Services').querySelectorAll('li').filter((li) => li.querySelector('h3'));
    expect(cards.map((c) => text(c.querySelector('h3')))).toEqual(['TRT Therapy', 'Semaglutide Weight Loss', 'NAD+ Therapy']);
    for (const c of cards) expect(c.querySelectorAll('ul li')).toHaveLength(3);
    expect(cards.map((c) => [text(c.querySelector('a')).split(' about ')[0], c.querySelector('a')!.getAttribute('href')])).toEqual([
      ['Learn More', 'trt-therapy/'],
      ['Learn More', 'semaglutide/'],
      ['Learn More', 'nad-therapy/'],
    ]);
  });

  it('has Why Choose with three points', () => {
    expect(section('index.html', "Why Choose Northstar Men's Health").querySelectorAll('h3').map((h) => text(h))).toHaveLength(3);
  });

  it('has the six FAQ items on the spec topics, in one single-open group', () => {
    const items = page('index.html').querySelectorAll('details[name="faq"]');
    expect(items).toHaveLength(6);
    const q = items.map((d) => text(d.querySelector('summary')).toLowerCase());
    expect(q[0]).toContain('testosterone');
    expect(q[1]).toContain('semaglutide');
    expect(q[2]).toContain('nad+');
    expect(q[3]).toContain('candidate');
    expect(q[4]).toContain('first consultation');
    expect(q[5]).toContain('insurance');
    const insurance = text(items[5]!.querySelector('div')).toLowerCase();
    for (const phrase of ['varies', 'insurance provider', 'documentation', 'payment options']) expect(insurance).toContain(phrase);
  });

  it('closes with a call to action', () => {
    expect(page('index.html').querySelector('section[aria-labelledby="cta-title"] a[href="contact/#send-message"]')).not.toBeNull();
  });
});

describe('service pages', () => {
  it('TRT: three options, eight benefits, four steps, calls to action', () => {
    const f = 'trt-therapy/index.html';
    const options = section(f, 'Treatment Options').querySelectorAll('h3').map((h) => text(h).toLowerCase());
    expect(options).toHaveLength(3);
    expect(options[0]).toContain('injectable');
    expect(options[1]).toContain('enclomiphene');
    expect(options[2]).toContain('hcg');
    expect(section(f, 'Potential Benefits of TRT').querySelectorAll('li')).toHaveLength(8);
    expect(texts(f, '#process h3')).toEqual(['Step 1: Initial Consultation', 'Step 2: Laboratory Testing', 'Step 3: Treatment Plan', 'Step 4: Ongoing Monitoring']);
    expect(page(f).querySelectorAll('main a[href="../contact/trt-therapy/#send-message"]').length).toBeGreaterThanOrEqual(2);
  });

  it('semaglutide: program, six benefits with the 15-20% claim, both candidacy lists', () => {
    const f = 'semaglutide/index.html';
    expect(texts(f, '#program h3')).toEqual(['Weekly Injections', 'Medical Monitoring', 'Lifestyle Support']);
    const benefits = section(f, 'Benefits of Semaglutide').querySelectorAll('li');
    expect(benefits).toHaveLength(6);
    expect(benefits.some((b) => text(b).includes('15-20%'))).toBe(true);
    const [good, notSuitable] = page(f).querySelectorAll('#candidacy ul').map((ul) => ul.querySelectorAll('li').map((li) => text(li)));
    expect(good).toHaveLength(5);
    expect(good!.join(' ')).toMatch(/BMI of 30 or higher, or a BMI of 27 or higher with weight-related health conditions/);
    expect(notSuitable).toHaveLength(5);
    for (const phrase of ['medullary thyroid carcinoma', 'MEN 2', 'gastroparesis', 'pregnan', 'pancreatitis']) expect(notSuitable!.join(' ')).toContain(phrase);
  });

  it('NAD+: what it is, why it declines, four benefits, two options, nine conditions, four steps', () => {
    const f = 'nad-therapy/index.html';
    expect(text(page(f).querySelector('#what-is-nad'))).toContain('Why NAD+ Levels Decline');
    expect(section(f, 'Potential Benefits of NAD+ Therapy').querySelectorAll('li')).toHaveLength(4);
    const options = section(f, 'NAD+ Treatment Options').querySelectorAll('h3').map((h) => text(h));
    expect(options).toHaveLength(2);
    expect(options.join(' ')).toMatch(/NMN/);
    expect(section(f, 'Conditions That May Benefit').querySelectorAll('li')).toHaveLength(9);
    expect(texts(f, '#process h3')).toEqual(['Step 1: Assessment', 'Step 2: Biomarker Testing', 'Step 3: Personalized Protocol', 'Step 4: Ongoing Optimization']);
  });

  it('hormone optimization has a page of its own when switched on', () => {
    const f = 'hormone-optimization/index.html';
    expect(text(page(f).querySelector('h1'))).not.toBe('');
    expect(texts(f, '#process h3').length).toBeGreaterThanOrEqual(3);
    expect(text(section(f, 'Safety First'))).toMatch(/provider|lab/i);
  });
});

describe('about page', () => {
  it('has mission, four values, approach, three specialties, contact information and Why {city}', () => {
    const f = 'about/index.html';
    expect(text(section(f, 'Our Mission'))).not.toBe('Our Mission');
    expect(section(f, 'Our Values').querySelectorAll('li')).toHaveLength(4);
    expect(text(section(f, 'Our Approach')).length).toBeGreaterThan(100);
    expect(section(f, 'Our Specialties').querySelectorAll('li')).toHaveLength(3);
    const why = section(f, 'Why Wesley Chapel');
    expect(text(why)).toContain(sampleConfig().localContent.whyCity!.slice(0, 40));
    expect(text(why)).toContain('5950 Newberry Pines Avenue, Wesley Chapel, FL 33545');
    expect(why.querySelector('a[href="tel:+18135550100"]')).not.toBeNull();
    expect(why.querySelector('a[href="mailto:hello@example.com"]')).not.toBeNull();
  });

  it('shows the local team, areas served and local questions from the config', () => {
    const f = 'about/index.html';
    expect(texts(f, '#team h3')).toEqual(['Dr. Daniel Reyes', 'Karen Whitfield']);
    expect(texts(f, '#why-city li.rounded-full')).toContain("Land O' Lakes");
    expect(page(f).querySelectorAll('details[name="local-faq"]')).toHaveLength(2);
  });
});

describe('contact page', () => {
  const f = 'contact/index.html';
  it('has the title, description and hero of the spec', () => {
    const p = page(f);
    expect(text(p.querySelector('title'))).toBe("Contact Northstar Men's Health | Schedule Consultation Florida");
    const d = p.querySelector('meta[name="description"]')!.getAttribute('content')!;
    for (const phrase of ['testosterone therapy', 'weight loss', 'anti-aging', 'Wesley Chapel, FL', '(813) 555-0100']) expect(d).toContain(phrase);
    expect(text(p.querySelector('h1'))).toBe("Contact Northstar Men's Health");
  });

  it('has the address, phone, email, hours and social cards', () => {
    const cards = page(f).querySelectorAll('#contact h3').map((h) => text(h));
    expect(cards).toEqual(['Address', 'Phone', 'Email', 'Hours', 'Follow Us']);
    const hours = page(f).querySelectorAll('#contact dl > div').map((d) => `${text(d.querySelector('dt'))} ${text(d.querySelector('dd'))}`);
    expect(hours).toEqual(['Monday-Friday 9:00 AM-6:00 PM', 'Saturday 9:00 AM-2:00 PM', 'Sunday Closed']);
  });

  it('says under the Send button what sending agrees to, linking the privacy policy, with no checkbox or extra field', () => {
    const card = section(f, 'Send Us a Message');
    const consent = card.querySelectorAll('p').find((p) => text(p).startsWith('By sending this message'))!;
    expect(text(consent)).toBe("By sending this message, you agree that Northstar Men's Health may contact you by phone, text or email about your inquiry. See our Privacy Policy.");
    expect(consent.querySelector('a')!.getAttribute('href')).toBe('../privacy/');
    // After the form, so under its Send button; the form keeps exactly its fields.
    expect(card.querySelector('form')!.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
  });

  it('holds the form of the spec in the Send Us a Message card', () => {
    const card = section(f, 'Send Us a Message');
    const form = card.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/api/contact');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelectorAll('label').map((l) => text(l)).slice(0, 6)).toEqual(['First Name', 'Last Name', 'Email', 'Phone', 'Service Interest', 'Message']);
    expect(form.querySelectorAll('#service option').map((o) => text(o))).toEqual([
      'Select a service', 'TRT Therapy', 'Semaglutide Weight Loss', 'NAD+ Therapy', 'Hormone Optimization', 'General Consultation',
    ]);
    expect(form.querySelector('#message')!.getAttribute('placeholder')).toMatch(/health goals/);
    expect(form.querySelector('#message')!.getAttribute('class')).toContain('min-h-[120px]');
    for (const id of ['firstName', 'lastName', 'email', 'phone', 'message']) expect(form.querySelector(`#${id}`)!.getAttribute('value') ?? '').toBe('');
    expect(text(form.querySelector('button[type="submit"]'))).toBe('Send Message');
  });

  it('tells the clinic which city site and page a message comes from', () => {
    const hidden = page(f).querySelectorAll('#contact-form input[type="hidden"]').map((i) => [i.getAttribute('name'), i.getAttribute('value')]);
    expect(hidden).toEqual([['site', 'wesley-chapel'], ['page', 'contact/']]);
    const lakeland = dom(render(configWith({ city: 'Lakeland' }))[f]!);
    expect(lakeland.querySelector('#contact-form input[name="site"]')!.getAttribute('value')).toBe('lakeland');
  });

  it('posts to the config\'s contact endpoint, with and without script', () => {
    const p = dom(render(configWith({ contactEndpoint: 'https://clinic.example.com/api/contact' }))[f]!);
    expect(p.querySelector('#contact-form')!.getAttribute('action')).toBe('https://clinic.example.com/api/contact');
    expect(p.querySelector('#contact-form-root')!.getAttribute('data-endpoint')).toBe('https://clinic.example.com/api/contact');
  });

  it('has the three-step section', () => {
    expect(texts(f, '#next-steps h3')).toEqual(['Step 1: Schedule Consultation', 'Step 2: Comprehensive Assessment', 'Step 3: Begin Treatment']);
  });
});

describe('legal pages', () => {
  it('privacy has every section of the spec, effective January 1, 2024', () => {
    const f = 'privacy/index.html';
    expect(text(page(f).querySelector('article > p'))).toBe('Effective date: January 1, 2024');
    expect(texts(f, 'article h2')).toEqual([
      '1. Information We Collect', '2. How We Use Your Information', '3. Your HIPAA Rights', '4. Information Sharing', '5. Data Security',
      '6. Cookies', '7. Your Rights', '8. Changes to This Policy', '9. Contact Us',
    ]);
    expect(texts(f, 'article h3')).toEqual(['Personal Information', 'Automatically Collected Information']);
    const rights = section(f, '7. Your Rights').querySelectorAll('li').map((l) => text(l).split(':')[0]);
    expect(rights).toEqual(['Access', 'Correction', 'Deletion', 'Portability', 'Opt-out']);
  });

  it('terms have every section, Florida law, Pasco County courts, the payment and cancellation terms', () => {
    const f = 'terms/index.html';
    expect(texts(f, 'article h2').map((h) => h.replace(/^\d+\. /, ''))).toEqual([
      'Acceptance of Terms', 'Medical Disclaimer', 'Use of Website', 'Patient Responsibilities', 'Payment and Billing', 'Cancellation Policy',
      'Intellectual Property', 'Limitation of Liability', 'Privacy', 'Governing Law', 'Changes to Terms', 'Contact Information',
    ]);
    expect(text(page(f).querySelector('article > p'))).toBe('Effective date: January 1, 2024');
    expect(text(section(f, '10. Governing Law'))).toMatch(/laws of the State of Florida.*courts of Pasco County, Florida/);
    expect(text(section(f, '6. Cancellation Policy'))).toMatch(/24 hours/);
    expect(text(section(f, '6. Cancellation Policy'))).toMatch(/same-day cancellations or no-shows/);
    expect(text(section(f, '5. Payment and Billing'))).toMatch(/time of service/);
    expect(text(section(f, '5. Payment and Billing'))).toMatch(/cash, credit cards and approved financing/i);
  });
});

describe('confirmation page', () => {
  const f = 'contact/sent/index.html';

  it('shows the spec\'s confirmation first, then the way home and the phone', () => {
    const p = page(f);
    const main = p.querySelector('main')!;
    expect(text(main.querySelector('h1'))).toBe('Message sent successfully!');
    expect(text(main.querySelector('h1 + p'))).toBe('We will contact you within 24 hours.');
    expect(main.querySelectorAll('a').map((a) => [text(a), a.getAttribute('href')])).toEqual([
      ['Back to the home page', '../../'],
      ['Call (813) 555-0100', 'tel:+18135550100'],
    ]);
    // The spec's texts lead the page: nothing but the icon comes before the headline.
    expect(main.querySelector('section')!.childNodes.filter((n) => n.nodeType === 1).map((n) => (n as ReturnType<typeof dom>).tagName)).toEqual(['SVG', 'H1', 'P', 'P', 'P']);
  });

  it('is kept out of search engines: noindex, no canonical link, not in the sitemap', () => {
    const p = page(f);
    expect(p.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex');
    expect(p.querySelector('link[rel="canonical"]')).toBeNull();
    expect(files['sitemap.xml']).not.toContain('/contact/sent/');
    // No island: the menu's script alone (decision 022).
    expect(p.querySelectorAll('script:not([type="application/ld+json"])').map((s) => s.getAttribute('src'))).toEqual([expect.stringMatching(/assets\/menu\.[0-9a-f]{10}\.js$/)]);
  });
});

describe('not-found page', () => {
  it('is written as 404.html saying the page was not found, linking from the site root', () => {
    const p = dom(files['404.html']!);
    expect(text(p.querySelector('h1'))).toBe('Page Not Found');
    expect(text(p)).toContain('The link may be old, or the address may be mistyped.');
    expect(p.querySelector('link[rel="stylesheet"]')!.getAttribute('href')).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
    // Served with status 404 at every missing address: no canonical, and no robots tag to say what the status says.
    expect(p.querySelector('meta[name="robots"]')).toBeNull();
    expect(p.querySelector('link[rel="canonical"]')).toBeNull();
    expect(files['sitemap.xml']).not.toContain('404');
  });
});
