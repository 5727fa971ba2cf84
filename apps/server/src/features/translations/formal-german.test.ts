// German addresses people formally (docs/decisions/0015): "Sie", never "du"; a greeting names the person with first
// and last name ("Guten Tag Jürgen Müller"), since there is no salutation field to write "Herr"/"Frau" correctly.
// Checked over every shipped DE_DE text, EMAIL included, so a new text cannot slip back into the informal.
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths';
import { readTranslationFiles } from './seed-translations';

const german = readTranslationFiles(paths.translationsData).filter((entry) => entry.language === 'DE_DE');

describe('German texts', () => {
  it('never use the informal "du" (du, dich, dir, dein…, ihr/euch/euer as address) or a casual greeting', () => {
    const informal = /(^|[^\p{L}])(du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*|hallo|hi|hey|tschüss)(?=$|[^\p{L}])/iu;
    expect(german.length).toBeGreaterThan(1000);
    expect(german.filter((entry) => informal.test(entry.text)).map((entry) => `${entry.key}: ${entry.text}`)).toEqual([]);
  });

  it('greet a person with the full name, never the first name alone', () => {
    const greeting = /(Guten Tag|Willkommen(?: zurück)?,|Sehr geehrte\p{L}*)\s+\{\{\s*(\w+)\s*\}\}(?!\s+\{\{\s*\w*[lL]astName\s*\}\})/u;
    const firstNameOnly = german.filter((entry) => {
      const match = greeting.exec(entry.text);
      return match !== null && /firstName|name$/i.test(match[2]!);
    });
    expect(firstNameOnly.map((entry) => `${entry.key}: ${entry.text.slice(0, 60)}`)).toEqual([]);
    // The greetings that exist today do name the last name; the mails to a client open with the salutation the adviser
    // chose (email.greeting.*, issue 22), whose neutral form is the full name.
    const greetings = german.filter((entry) => /Guten Tag \{\{firstName\}\} \{\{lastName\}\}/.test(entry.text)).map((e) => e.key);
    expect(greetings).toEqual(expect.arrayContaining(['email.greeting.NEUTRAL', 'email.verification.body', 'questionnaire.greeting']));
    const clientMails = german.filter((entry) => ['email.invite.body', 'email.reminder.body', 'email.report.body'].includes(entry.key));
    expect(clientMails.map((entry) => entry.text.split('\n')[0])).toEqual(['{{greeting}},', '{{greeting}},', '{{greeting}},']);
  });

  it('name the client with the last name wherever a text names the client by first name', () => {
    const firstNameAlone = /\{\{\s*(?:client|participant)?FirstName\s*\}\}(?!\s*\{\{\s*(?:client|participant)?LastName\s*\}\})/i;
    const loose = german.filter((entry) => firstNameAlone.test(entry.text));
    expect(loose.map((entry) => `${entry.key}: ${entry.text.slice(0, 80)}`)).toEqual([]);
  });
});
