import { SPANISH_EFFECTIVE, SPANISH_TITLES } from './terms-es.ts';
import { TermsSections, type TermsSection } from './terms-sections.tsx';

const SECTIONS: readonly TermsSection[] = [
  {
    title: SPANISH_TITLES.purpose,
    text: (
      <>
        Botón de Pánico Migratorio es una aplicación de nuestra firma de servicios migratorios. Con ella, una persona
        avisa rápido a la gente de su confianza cuando está en peligro, por ejemplo durante un operativo de inmigración
        o una detención. No sustituye a los servicios de emergencia (911) ni a la asesoría de un abogado.
      </>
    ),
  },
  {
    title: SPANISH_TITLES.alert,
    text: (
      <>
        Cuando alguien presiona el botón SOS, la aplicación envía a nuestro servidor la hora, su zona horaria y, si lo
        permite, su ubicación. El servidor manda entonces un correo a cada uno de sus contactos de emergencia
        confirmados. La persona puede terminar la alerta cuando quiera con el botón «FINALIZAR ALERTA».
      </>
    ),
  },
  {
    title: SPANISH_TITLES.contacts,
    text: (
      <>
        Una persona puede agregar los contactos que quiera. Cada contacto recibe un correo y tiene que confirmarlo y
        aceptar estos términos antes de recibir alertas. Puedes darte de baja cuando quieras con el enlace que va en
        cada correo. Al agregarte, la persona confirma que tiene tu permiso para darnos tu nombre, tu correo y tu
        teléfono.
      </>
    ),
  },
  {
    title: 'Datos personales y ubicación',
    text: (
      <>
        Guardamos nombres, correos, teléfonos, contactos y las alertas enviadas, solo para dar este servicio. La
        ubicación se comparte solo cuando se presiona el botón SOS, y solo con los contactos confirmados. No vendemos
        los datos de nadie ni los compartimos con las autoridades de inmigración, salvo por orden de un juez. Puedes
        pedirnos que borremos tus datos en cualquier momento.
      </>
    ),
  },
  {
    title: SPANISH_TITLES.delivery,
    text: (
      <>
        Hacemos todo lo posible para que cada alerta llegue: si el teléfono no tiene señal, la aplicación guarda la
        alerta y la envía en cuanto vuelve la conexión. Aun así, no podemos garantizar la entrega si fallan la red
        móvil, internet, los servidores de correo o el propio teléfono (por ejemplo, sin batería). Por eso les
        recomendamos acordar antes qué hacer si llega una alerta.
      </>
    ),
  },
  {
    title: SPANISH_TITLES.use,
    text: (
      <>
        El botón SOS es solo para emergencias reales. No se puede usar el servicio para acosar ni engañar a nadie.
        Podemos suspender las cuentas que lo usen mal.
      </>
    ),
  },
  {
    title: 'Cambios en estos términos',
    text: (
      <>
        Si cambiamos estos términos, publicaremos un aviso en la aplicación. Seguir recibiendo alertas después de ese
        aviso significa aceptar los términos nuevos.
      </>
    ),
  },
];

/**
 * The terms for a contact who reads Spanish: the same terms as terms-text-en.tsx,
 * written for the one who receives the alerts (the person's own are terms-text.tsx).
 */
export function TermsTextContactEs() {
  return <TermsSections effective={SPANISH_EFFECTIVE} sections={SECTIONS} />;
}
