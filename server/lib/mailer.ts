// Invitation emails: sent through SMTP_URL when it is set, otherwise written to the log. A mail
// failure is logged and never undoes the invitation.
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export type Invitation = {
  to: string;
  projectName: string;
  invitedBy: string;
  projectUrl: string;
  role: string;
};

export type Mailer = { sendInvitation: (invitation: Invitation) => Promise<void> };

export function createMailer(
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  from = "Visual Project Planner <no-reply@localhost>",
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async sendInvitation(invitation) {
      const subject = `${invitation.invitedBy} shared "${invitation.projectName}" with you`;
      const text = [
        `${invitation.invitedBy} invited you to the project "${invitation.projectName}" as ${invitation.role}.`,
        "",
        `Open it here (sign up with this email address if you have no account yet): ${invitation.projectUrl}`,
      ].join("\n");
      if (!transport) {
        log.info(
          { to: invitation.to, projectUrl: invitation.projectUrl, subject },
          "invitation (no SMTP_URL: not emailed)",
        );
        return;
      }
      try {
        await transport.sendMail({ from, to: invitation.to, subject, text });
        log.info({ to: invitation.to }, "invitation emailed");
      } catch (error) {
        log.error(
          { err: error, to: invitation.to },
          "invitation email failed; the invitation itself is kept",
        );
      }
    },
  };
}
