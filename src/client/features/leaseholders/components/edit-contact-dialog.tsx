import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  type ContactUpdate,
  EMAIL_PATTERN,
  isEmailAddress,
  type LeaseholderDetail,
  MAX_OTHER_EMAILS,
  splitEmails,
} from '../../../../shared/leaseholders';
import { useUpdateContact } from '../api/update-contact';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';
import { FormField, fieldAria } from './form-field';

/** The form as typed: blanks are "none"; the server checks the email and reads the phone. */
const ContactFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z
    .string()
    .trim()
    .max(254)
    .refine(
      (text) => text === '' || EMAIL_PATTERN.test(text),
      'Enter an email address such as name@example.co.uk',
    ),
  otherEmails: z
    .string()
    .trim()
    .max(1300)
    .refine(
      (text) => splitEmails(text).every(isEmailAddress),
      'Enter email addresses such as name@example.co.uk, separated by commas',
    )
    .refine(
      (text) => splitEmails(text).length <= MAX_OTHER_EMAILS,
      `Up to ${MAX_OTHER_EMAILS} other email addresses`,
    ),
  phone: z.string().trim().max(40),
  address: z.string().trim().min(1, 'Property address is required').max(500),
  reference: z.string().trim().max(100),
});
type ContactForm = z.infer<typeof ContactFormSchema>;

function formValuesOf(leaseholder: LeaseholderDetail): ContactForm {
  return {
    name: leaseholder.name,
    email: leaseholder.email ?? '',
    otherEmails: leaseholder.otherEmails.join(', '),
    phone: leaseholder.phoneDisplay ?? '',
    address: leaseholder.address,
    reference: leaseholder.reference ?? '',
  };
}

function toUpdate(values: ContactForm): ContactUpdate {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    name: values.name.trim(),
    email: orNull(values.email),
    otherEmails: orNull(values.otherEmails),
    phone: orNull(values.phone),
    address: values.address.trim(),
    reference: orNull(values.reference),
  };
}

/** Edit contact details: the old values are kept in the history. */
export function EditContactDialog({ leaseholder, isOpen, onClose }: ActionDialogProps) {
  const id = useId();
  const update = useUpdateContact();
  const current = useMemo(() => formValuesOf(leaseholder), [leaseholder]);
  // `values`: the form follows the account, so it opens on the details as they now are.
  const form = useForm<ContactForm>({ resolver: zodResolver(ContactFormSchema), values: current });
  const { errors } = form.formState;
  const finish = () => {
    update.reset();
    form.reset(current);
    onClose();
  };
  const close = () => {
    if (!update.isPending) finish();
  };
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { id: leaseholder.id, contact: toUpdate(values) },
      {
        onSuccess: () => {
          update.reset();
          onClose();
        },
      },
    ),
  );

  const field = (name: keyof ContactForm, hasHint = false) => ({
    ...fieldAria(`${id}-${name}`, { error: errors[name]?.message, hasHint }),
    ...form.register(name),
  });

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={update.isPending}
      onClose={close}
      title="Edit contact details"
      description="Messages go to these details from now on. The old details stay in the history."
    >
      <ActionForm
        onSubmit={() => void submit()}
        onCancel={close}
        action={update}
        failure="The changes could not be saved."
        label="Save changes"
        busyLabel="Saving..."
        icon={Save}
      >
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...field('name')} />
        </FormField>
        <FormField id={`${id}-email`} label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...field('email')} />
        </FormField>
        <FormField
          id={`${id}-otherEmails`}
          label="Other email addresses (optional)"
          hint="Joint leaseholders: copied on every email. Separate them with commas."
          error={errors.otherEmails?.message}
        >
          <Input autoComplete="off" {...field('otherEmails', true)} />
        </FormField>
        <FormField
          id={`${id}-phone`}
          label="Mobile phone"
          hint="A UK mobile gets WhatsApp, and SMS if WhatsApp fails. Leave blank for none."
          error={errors.phone?.message}
        >
          <Input type="tel" autoComplete="off" {...field('phone', true)} />
        </FormField>
        <FormField id={`${id}-address`} label="Property address" error={errors.address?.message}>
          <Textarea rows={2} {...field('address')} />
        </FormField>
        <FormField
          id={`${id}-reference`}
          label="Account Reference (optional)"
          hint="Your own ledger reference, e.g. RIV-F3. Uploads match on it."
          error={errors.reference?.message}
        >
          <Input autoComplete="off" className="font-mono" {...field('reference', true)} />
        </FormField>
      </ActionForm>
    </ActionDialog>
  );
}
