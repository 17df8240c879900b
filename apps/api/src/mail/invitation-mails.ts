import type { Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';

/**
 * To an invited address (decision 062): someone asks them to become an admin of a tip jar. Nothing
 * changes unless they accept, logged in with this address; the subject names no tip jar, so a name a
 * maker chose never reads as our own subject line.
 */
export function adminInvitationMail(
  locale: Locale,
  p: { brand: string; inviter: string; tipjarName: string; email: string; link: string; days: number },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Uitnodiging om een ${p.brand} te beheren`,
      text: [
        'Hoi,',
        '',
        `${p.inviter} nodigt je uit om beheerder te worden van de ${p.brand} ${p.tipjarName}. Een beheerder ziet de fooien en kan de instellingen en de bankgegevens wijzigen.`,
        '',
        `Neem de uitnodiging aan of wijs haar af via deze link (log in met ${p.email}, of maak een account aan met dat adres):`,
        p.link,
        '',
        `De uitnodiging is ${p.days} dagen geldig. Had je dit niet verwacht? Negeer deze mail of wijs de uitnodiging af: zonder jou verandert er niets.`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Invitation to manage a ${p.brand}`,
    text: [
      'Hi,',
      '',
      `${p.inviter} invites you to become an admin of the ${p.brand} ${p.tipjarName}. An admin sees its tips and can change its settings and bank details.`,
      '',
      `Accept or decline the invitation with this link (log in with ${p.email}, or create an account with that address):`,
      p.link,
      '',
      `The invitation is valid for ${p.days} days. Not expecting this? Ignore this mail or decline: nothing changes without you.`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
