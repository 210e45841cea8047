/** Every table, each declared by the module that owns it (drizzle-kit reads this list). */
export * from '../core/audit.schema';
export * from '../core/idempotency.schema';
export * from '../core/rateLimits.schema';
export * from '../modules/accounts/accounts.schema';
export * from '../modules/accounts/signIns.schema';
export * from '../modules/partners/partners.schema';
export * from '../modules/roles/roles.schema';
export * from '../modules/tickets/tickets.schema';
export * from '../modules/users/users.schema';
export * from '../modules/validationRules/validationRules.schema';
export * from '../modules/formDefinitions/formDefinitions.schema';
export * from '../modules/partnerForms/partnerForms.schema';
export * from '../modules/partnerForms/partnerFormReminders.schema';
export * from '../modules/onboardingRules/onboardingRules.schema';
export * from '../modules/files/files.schema';
export * from '../hub/presence.schema';
export * from '../modules/notifications/notifications.schema';
