// Invitation and notification emails: sent through SMTP_URL when it is set, otherwise written to
// the log. A mail failure is logged and never undoes the invitation or the change it tells of.
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export type Invitation = {
  to: string;
  projectName: string;
  invitedBy: string;
  projectUrl: string;
  role: string;
};

/** A notification for someone who chose email for its kind (docs/spec/notifications-and-api.md). */
export type NotificationEmail = {
  to: string;
  /** What happened, as the notification says it. */
  text: string;
  taskName: string | null;
  projectName: string;
  /** Opens the task in its project's list. */
  taskUrl: string;
};

export type Mailer = {
  sendInvitation: (invitation: Invitation) => Promise<void>;
  sendNotification: (notification: NotificationEmail) => Promise<void>;
};

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
    async sendNotification(notification) {
      // A task's name is the user's text: one line in a header, whatever it holds.
      const subject = notification.text.replace(/[\r\n]+/g, " ");
      const text = [
        notification.text,
        "",
        ...(notification.taskName === null ? [] : [`Task: ${notification.taskName}`]),
        `Project: ${notification.projectName}`,
        `Open it: ${notification.taskUrl}`,
        "",
        "You get these emails because your notification settings say so; change them in the planner's settings.",
      ].join("\n");
      if (!transport) {
        log.info(
          { to: notification.to, taskUrl: notification.taskUrl, subject },
          "notification (no SMTP_URL: not emailed)",
        );
        return;
      }
      try {
        await transport.sendMail({ from, to: notification.to, subject, text });
        log.info({ to: notification.to }, "notification emailed");
      } catch (error) {
        log.error({ err: error, to: notification.to }, "notification email failed; it stays in the app");
      }
    },
  };
}
