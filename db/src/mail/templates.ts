/** Plain-text e-mails the worker sends (decisions §8, §9). Links go to PUBLIC_URL. */
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
