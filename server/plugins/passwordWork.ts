// app.passwordWork: this process's bounded scrypt queue (services/accounts/passwords.ts PasswordWork),
// PASSWORD_WORK_CONCURRENCY hashes at once and PASSWORD_WORK_QUEUE waiting, shared by every route
// that checks or sets a password (through services/accounts/passwordAttempts.ts).
import fp from 'fastify-plugin';
import { PasswordWork } from '../services/accounts/passwords';

export default fp(async (app) => {
  app.decorate('passwordWork', new PasswordWork(app.config.PASSWORD_WORK_CONCURRENCY, app.config.PASSWORD_WORK_QUEUE));
}, { name: 'password-work', dependencies: ['config'] });
