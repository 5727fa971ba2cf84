// A section title that never ends a page on its own: it asks for room for the first lines of what follows.
import { Text } from '@react-pdf/renderer';
import { styles } from './theme';

export function SectionHeading({
  children,
  breakBefore = false,
}: {
  children: string;
  breakBefore?: boolean;
}) {
  return (
    <Text style={styles.sectionHeading} minPresenceAhead={90} break={breakBefore}>
      {children}
    </Text>
  );
}
