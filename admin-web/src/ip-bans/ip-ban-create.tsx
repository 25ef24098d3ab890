import { Create, SimpleForm, TextInput, required, minLength, maxLength } from 'react-admin';

/** Adds an IP ban: one IPv4 or IPv6 address, or a CIDR range (the server refuses ranges wider than /16 or /32). */
export function IpBanCreate() {
  return (
    <Create redirect="list" title="Add IP ban">
      <SimpleForm>
        <TextInput
          source="address"
          label="Address or range"
          helperText="A single address (203.0.113.7, 2001:db8::1) or a range in CIDR form (203.0.113.0/24)"
          validate={required()}
          sx={{ maxWidth: 480 }}
          fullWidth
        />
        <TextInput
          source="reason"
          multiline
          minRows={2}
          validate={[required(), minLength(3), maxLength(500)]}
          sx={{ maxWidth: 480 }}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
