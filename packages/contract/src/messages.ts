// Every user-visible text that the product spec quotes, verbatim, in one place.
// Server validation, web screens and tests all import from here so they cannot drift apart.
// Do not "fix" spelling or punctuation: these are the customer's words (spec sections 2, 5, 8).

export const messages = {
  notFound: {
    title: 'Error 404: Page Not Found',
    body: 'Sorry, the page you are looking for does not exist.',
  },
  search: {
    emptyTitle: 'Enter Search Criteria',
    emptyBody: 'You did not enter anything in the keyword box.',
    searchingFor: 'Searching for',
  },
  dashboard: {
    noLocations: 'No Locations have been assigned to you!',
    cancelOrder: 'Cancel Order',
  },
  login: {
    usernameBlank: 'You left your username blank',
    passwordBlank: 'You left your password blank',
    logIn: 'LOG IN',
    authCode: 'Auth Code',
    continue: 'Continue',
    /** The one error text the spec says never to toast. */
    credentialsNotProvided: 'Authentication credentials were not provided.',
  },
  unit: {
    numberBlank: 'You did not enter a unit number',
    typeBlank: 'You did not select a unit type',
    moveToThisUnit: 'Move Customer to this unit?',
    confirmMove: 'Confirm Move',
    cancelMove: 'Cancel Move',
    cancelMoving: 'Cancel moving this customer?',
    moveConfirm: 'Move this customer?',
    moveCustomer: 'Move Customer',
  },
  sale: {
    addMoreUnits: 'Add More Unit(s)',
    readyToSwipe: 'Ready to Swipe CC',
    squareConnecting: 'Connecting to Square Checkout ...',
    squareError: 'Error running Square Checkout ...',
    androidUnavailable: "Couldn't connect to 'Android' App",
    squareLoadingReader: 'Loading Square Up Reader ...',
    windowFunctionUnreadable: 'Unable to read window function',
    retailValueExample: '$35.00',
  },
  dropoff: {
    todaysTotal: "Today's Total",
    formTitle: 'Notes and Drop Off',
    amountRequired: 'Enter a dropoff amount!',
    printNotes: 'PRINT NOTES',
  },
  people: {
    nameBlank: 'You left the users "Name" blank',
    initialsBlank: 'You left the users "Initials" blank',
    usernameBlank: 'You left the users "Username" blank',
    passwordBlank: 'You left the users "Password" blank',
    passwordsDiffer: 'Your passwords do not match',
    confirmBlank: 'Your did not confirm your "Password"',
    deleteConfirm: 'Are you sure you wish to delete this user',
    deleted: 'User has been deleted!',
  },
  price: {
    nameBlank: 'You left the price "Name" blank',
    priceBlank: 'You left the price blank',
    startTimeBlank: 'You left the price "start Time" blank',
    endTimeBlank: 'You left the price "end Time" blank',
    unitCodeBlank: 'You left the price "unit code" blank',
    hotelOnEditOnly: 'Add price first then edit to link to a hotel',
    deleteConfirm: 'Are you sure you wish to delete this price',
    deleted: 'Price has been deleted!',
  },
  hotel: {
    addTitle: 'Add New Hotel',
    nameBlank: 'You left the hotel "Name" blank',
    contactNameBlank: 'You left the hotel "Contact Name" blank',
    contactEmailBlank: 'You left the hotel "Contact Email" blank',
    save: 'SAVE HOTEL',
    deleteConfirm: 'Are you sure you wish to delete this hotel',
    deleted: 'Hotel has been deleted!',
  },
  location: {
    addTitle: 'Add New Location',
    nameBlank: 'You left the users "Name" blank',
    fullNameBlank: 'You left the users "Full Name" blank',
    umbrellasBlank: 'You left the users "Umbrellas" blank',
    umbrellaRowsBlank: 'You left the users "Umbrellas per Row" blank',
    deleted: 'Location has been deleted!',
  },
  report: {
    heading: 'Reports',
    selectReport: 'Select a report to view',
    nameBlank: 'You left the price "Name" blank',
    emailed: 'Report has been emailed!',
    addSubscribers: 'Add / View Subscribers',
    addSubscriber: 'Add Subscriber',
    saveEmailAddresses: 'Save Email Addresses',
    viewTransaction: 'View Transaction Details',
    editTransactionPrice: 'Edit Transaction Price',
    deleteTransactionConfirm: 'Are you sure you wish to delete this transaction',
    deleteTransactionsConfirm: 'Confirm you wish to delete these transactions',
    deleteAllSelected: 'Delete All Selected',
  },
  logDetail: {
    categoryBlank: 'You left the "Category" blank',
    nameBlank: 'You left the "Name" blank',
    sortBlank: 'You left the "sort" blank',
    fieldTypeBlank: 'You left the "Field Type" blank',
    deleted: 'LogDetails has been deleted!',
  },
  dailyLog: {
    dateBlank: 'You did not enter a date',
    add: 'Add Daily Log',
  },
  confirmDelete: {
    title: 'Confirm Delete',
    yes: 'Yes',
    no: 'No',
  },
  upload: {
    duplicateName:
      'A file with the same name has already been uploaded, if the file you are uploading is a different file then rename it and try again.',
    updateFailed: 'Update Failed!',
    /** Spec section 4: stores the chosen names (POST /fileUpdate) and returns to the client view. */
    saveAndClose: 'Save & Close',
  },
  form: {
    selectPlaceholder: '-- SELECT --',
  },
} as const;

/** Password strength labels for scores 0–4 (spec section 9). */
export const passwordStrengthLabels = ['Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * Sandbar's own words (issue 32, not the spec's): a walk-in sale that meets a booking, and a
 * check-in that does not match its booking. The server answers them (409); the Spanish is in
 * i18n.ts (`saleBookingTextsEs`).
 */
export const saleBookingTexts = {
  /** A walk-in sale (or hold) of a unit booked for today, the booking made today. */
  bookedMeanwhile: (unit: string, guest: string, time: string) =>
    `${unit} was just booked for ${guest} at ${time}. A walk-in cannot be sold it today: choose another unit for this customer, or cancel the sale.`,
  /** The same, the booking made on an earlier day. */
  reservedToday: (unit: string, guest: string) =>
    `${unit} is reserved for ${guest} today. A walk-in cannot be sold it: choose another unit for this customer, or cancel the sale.`,
  /** A check-in naming a booking that holds none of the sale's units today. */
  checkInNotThisUnit: (guest: string, unit: string) =>
    `${guest}'s booking does not hold ${unit} today. Check the guest in from the unit their booking holds.`,
  /** A check-in whose sale is made out to someone other than the booking's guest. */
  checkInOtherGuest: (guest: string, name: string) =>
    `This check-in is for ${guest}'s booking, but the sale is made out to ${name}. Start again from the booking's Check in.`,
} as const;
