import type { Alert } from '../../../contract/alerts';
import type { Mail, Mailer } from '../../mail/mailer';

type Log = { error: (details: object, message: string) => void };

/** An occurrence that fired this round, with whom it told and whether its rule asks for email. */
export type Fired = { alert: Alert; rule_name: string; email: boolean; recipients: { id: number; email: string; username: string }[] };

/** The letter an occurrence sends each of its recipients. */
export function alertLetter(fired: Fired, to: { email: string; username: string }, publicUrl: string): Mail {
  const { alert } = fired;
  return {
    to: to.email,
    subject: `Jigboard alert: ${alert.title}`,
    text: [
      alert.title,
      '',
      alert.detail,
      '',
      `Look at it: ${publicUrl}${alert.link}`,
      '',
      `Rule: ${fired.rule_name}. It fired at ${alert.fired_at.slice(0, 16).replace('T', ' ')} UTC and tells you once, until it clears.`,
      `You get this as an admin or engineer of the project's company (${to.username}); the bell in Jigboard lists it too.`,
    ].join('\n'),
  };
}

/**
 * What leaves the server once a round has committed its occurrences: the emails of the rules
 * that ask for them. Sent after the commit, so a round that rolled back sends nothing; a letter
 * that cannot be sent is logged and not retried (the notification in the app stands).
 *
 * Webhooks (the integrations' outbox) hook in here too, and only here: each fired occurrence
 * passes through this function once, on the one replica whose round inserted it.
 */
export async function deliverFired(fired: Fired[], mailer: Mailer | undefined, publicUrl: string, log: Log): Promise<number> {
  if (!mailer) return 0;
  let sent = 0;
  for (const f of fired) {
    if (!f.email) continue;
    for (const person of f.recipients) {
      try {
        await mailer.send(alertLetter(f, person, publicUrl));
        sent += 1;
      } catch (error) {
        log.error({ err: error, alert_id: f.alert.id, user_id: person.id }, 'an alert email could not be sent');
      }
    }
  }
  return sent;
}
