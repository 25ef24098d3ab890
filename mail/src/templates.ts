/** Plain-text e-mails the worker sends (docs/decisions.md#permissions, docs/decisions.md#content-and-uploads). Links go to PUBLIC_URL. */
export interface MailContent {
  subject: string;
  text: string;
}

export function passwordResetMail(p: {
  product: string;
  first_name: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailContent {
  return {
    subject: `Reset your ${p.product} password`,
    text: [
      `Hi ${p.first_name},`,
      '',
      `Someone asked to reset the password of the ${p.product} account "${p.username}".`,
      `To choose a new password, open this link within ${p.validMinutes} minutes:`,
      '',
      p.link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
      '',
      `— The ${p.product} team`,
    ].join('\n'),
  };
}

export function guardianConfirmationMail(p: {
  product: string;
  first_name: string;
  last_name: string;
  username: string;
  link: string;
}): MailContent {
  return {
    subject: `Please approve ${p.first_name}'s ${p.product} account`,
    text: [
      'Hello,',
      '',
      `${p.first_name} ${p.last_name} has signed up for ${p.product}, an online one-against-one console football`,
      `tournament, as "${p.username}" and gave this address as the e-mail of a parent or guardian.`,
      '',
      `Players under 18 need the approval of a parent or guardian to receive a prize. To approve, open:`,
      '',
      p.link,
      '',
      'If you do not know this player, ignore this e-mail and nothing will happen.',
      '',
      `— The ${p.product} team`,
    ].join('\n'),
  };
}

/** To the new address of an e-mail change: the link that makes it the account's address (docs/rules.md). */
export function emailChangeConfirmMail(p: {
  product: string;
  first_name: string;
  username: string;
  link: string;
  validHours: number;
}): MailContent {
  return {
    subject: `Confirm your new ${p.product} e-mail address`,
    text: [
      `Hi ${p.first_name},`,
      '',
      `Someone asked to use this address for the ${p.product} account "${p.username}".`,
      `To confirm it, open this link within ${p.validHours} hours:`,
      '',
      p.link,
      '',
      'If it was not you, ignore this e-mail: nothing changes.',
      '',
      `— The ${p.product} team`,
    ].join('\n'),
  };
}

/**
 * To the old address of an e-mail change: what was asked for and the link that undoes it, before or after the
 * new address confirmed it (docs/rules.md "Account changes").
 */
export function emailChangeNoticeMail(p: {
  product: string;
  first_name: string;
  username: string;
  new_email: string;
  link: string;
  validDays: number;
}): MailContent {
  return {
    subject: `Your ${p.product} e-mail address is being changed`,
    text: [
      `Hi ${p.first_name},`,
      '',
      `Someone signed in to the ${p.product} account "${p.username}" asked to change its e-mail address to`,
      `${p.new_email}. The change takes effect when that address confirms it.`,
      '',
      `If it was not you, open this link within ${p.validDays} days to undo the change and sign out everywhere:`,
      '',
      p.link,
      '',
      'Then sign in and change your password.',
      '',
      `— The ${p.product} team`,
    ].join('\n'),
  };
}
