import { termsEffectiveDate } from './terms-date.ts';
import { TermsSections, type TermsSection } from './terms-sections.tsx';

const MONTHS = 'janvye fevriye mas avril me jen jiyè out septanm oktòb novanm desanm'.split(' ');

const SECTIONS: readonly TermsSection[] = [
  {
    title: 'Pou kisa sèvis sa a ye',
    text: (
      <>
        Botón de Pánico Migratorio (Bouton Panik Imigrasyon) se yon aplikasyon biwo sèvis imigrasyon nou an ofri pou
        moun ka avèti moun yo fè konfyans byen vit lè yo an danje, pa egzanp pandan yon operasyon imigrasyon oswa yon
        arestasyon. Li pa ranplase sèvis ijans (911) ni konsèy yon avoka.
      </>
    ),
  },
  {
    title: 'Kijan yon alèt mache',
    text: (
      <>
        Lè yon moun peze bouton SOS la, aplikasyon an voye bay sèvè nou an lè a, zòn lè li ye a e, si moun nan otorize
        l, kote li ye. Apre sa, sèvè a voye yon imèl bay chak kontak ijans ki konfime. Moun nan ka fini alèt la nenpòt
        lè ak bouton «FINALIZAR ALERTA» (fini alèt la).
      </>
    ),
  },
  {
    title: 'Kontak ijans',
    text: (
      <>
        Yon moun ka mete otan kontak li vle. Chak kontak resevwa yon imèl, e li dwe konfime l epi aksepte kondisyon sa
        yo anvan li resevwa okenn alèt. Yon kontak ka sispann resevwa imèl nenpòt lè ak lyen ki nan chak imèl. Lè yon
        moun mete yon kontak, li konfime kontak la ba l pèmisyon pou l pataje non l, imèl li ak nimewo telefòn li avèk
        nou.
      </>
    ),
  },
  {
    title: 'Enfòmasyon pèsonèl ak kote w ye',
    text: (
      <>
        Nou kenbe non, imèl, nimewo telefòn, kontak ak alèt ki voye yo, sèlman pou nou bay sèvis sa a. Nou pataje kote
        yon moun ye sèlman lè li peze bouton SOS la, e sèlman ak kontak ki konfime yo. Nou pa vann enfòmasyon pèsonn, ni
        nou pa bay otorite imigrasyon yo l, sòf si yon tribinal bay lòd. Sou telefòn nan, sesyon an sere ak chifreman.
        Nenpòt moun ka korije enfòmasyon li nan pwofil li oswa mande nou efase kont li ak tout enfòmasyon li.
      </>
    ),
  },
  {
    title: 'Nou pa ka garanti tout alèt rive',
    text: (
      <>
        Nou fè tout sa nou kapab pou chak alèt rive: si telefòn nan pa gen siyal, aplikasyon an kenbe alèt la epi li
        voye l depi koneksyon an tounen. Malgre sa, nou pa ka garanti alèt la ap rive lè rezo telefòn, entènèt, sèvè
        imèl oswa telefòn nan menm an pann (pa egzanp, batri a fini). Se poutèt sa nou rekòmande pou nou dakò davans sou
        sa pou fè si yon alèt rive.
      </>
    ),
  },
  {
    title: 'Itilize l ak responsablite',
    text: (
      <>
        Bouton SOS la se pou vrè ijans sèlman. Pa itilize sèvis la pou anmède oswa twonpe pèsonn. Nou ka sispann kont
        moun ki itilize l mal.
      </>
    ),
  },
  {
    title: 'Chanjman nan kondisyon sa yo',
    text: (
      <>
        Si nou chanje kondisyon sa yo, n ap mete yon avi nan aplikasyon an. Si w kontinye itilize l apre avi sa a, sa
        vle di ou aksepte nouvo kondisyon yo.
      </>
    ),
  },
];

/** The terms for a contact who reads Haitian Creole: the same terms, written for that reader. */
export function TermsTextHt() {
  return (
    <TermsSections
      effective={`Kondisyon sa yo aplike depi ${termsEffectiveDate(MONTHS, (day, month, year) => `${day} ${month} ${year}`)}.`}
      sections={SECTIONS}
    />
  );
}
